// POST /user/logout: ends the session in the database and clears the cookie (logout clears the stored session and
// reloads the page — the redirect is a full page load).
import { redirect } from 'react-router'
import type { Route } from './+types/user.logout'
import { req, serviceCtx } from '~/lib/context.server'
import { clearSessionCookie } from '~/lib/account.server'
import { userService } from '~/services/user.server'

export async function action({ request, context }: Route.ActionArgs) {
  // everywhere=1 (the form on the change-password page): every session of the account ends, on every device.
  const everywhere = (await request.formData().catch(() => null))?.get('everywhere') === '1'
  if (req(context).user) await (everywhere ? userService.logoutEverywhere : userService.logout)(serviceCtx(context), {})
  return redirect('/user/login', { headers: { 'Set-Cookie': clearSessionCookie(context) } })
}

export function loader() {
  return redirect('/user/login')
}
