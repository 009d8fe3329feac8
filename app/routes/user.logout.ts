// POST /user/logout (contracts.md §6): ends the session in the database and clears the cookie.
import { redirect } from 'react-router'
import type { Route } from './+types/user.logout'
import { req, serviceCtx } from '~/lib/context.server'
import { SESSION_COOKIE, serializeCookie } from '~/lib/cookies.server'
import { userService } from '~/services/user.server'

export async function action({ context }: Route.ActionArgs) {
  const r = req(context)
  if (r.user) await userService.logout(serviceCtx(context), {})
  return redirect('/user/login', { headers: { 'Set-Cookie': serializeCookie(SESSION_COOKIE, '', { maxAge: 0, httpOnly: true, secure: r.server.secure }) } })
}

export function loader() {
  return redirect('/user/login')
}
