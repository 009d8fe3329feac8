// The cookie banner's OK (cookie "privacy", value "accepted", valid for 1 year). Works without JS.
import { redirect } from 'react-router'
import type { Route } from './+types/consent'
import { req } from '~/lib/context.server'
import { CONSENT_COOKIE, ONE_YEAR_S, serializeCookie } from '~/lib/cookies.server'
import { ConsentSchema } from '~/lib/account-forms.server'
import { handler, runForm } from '~/lib/intents.server'
import { safeRedirect } from '~/lib/safe-redirect'

export async function action({ request, context }: Route.ActionArgs) {
  const accept = async ({ redirectTo }: { redirectTo?: string }) => {
    const cookie = serializeCookie(CONSENT_COOKIE, 'accepted', {
      maxAge: ONE_YEAR_S,
      secure: req(context).server.secure,
    })
    return redirect(safeRedirect(redirectTo, '/'), { headers: { 'Set-Cookie': cookie } })
  }
  // A malformed post still accepts, and goes to the home page.
  return runForm(handler(ConsentSchema, accept, { invalid: () => accept({}) }), await request.formData(), null)
}

export function loader() {
  return redirect('/')
}
