// The cookie banner's OK (cookie "privacy", value "accepted", valid for 1 year). Works without JS.
import { redirect } from 'react-router'
import type { Route } from './+types/consent'
import { req } from '~/lib/context.server'
import { CONSENT_COOKIE, ONE_YEAR_S, serializeCookie } from '~/lib/cookies.server'
import { safeRedirect } from '~/lib/safe-redirect'

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData()
  const cookie = serializeCookie(CONSENT_COOKIE, 'accepted', { maxAge: ONE_YEAR_S, secure: req(context).server.secure })
  return redirect(safeRedirect(form.get('redirectTo'), '/'), { headers: { 'Set-Cookie': cookie } })
}

export function loader() {
  return redirect('/')
}
