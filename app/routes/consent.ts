// The cookie banner's OK (cookie "privacy", value "accepted", valid for 1 year). Works without JS.
import { parseWithZod } from '@conform-to/zod/v4'
import { redirect } from 'react-router'
import { z } from 'zod'
import type { Route } from './+types/consent'
import { req } from '~/lib/context.server'
import { CONSENT_COOKIE, ONE_YEAR_S, serializeCookie } from '~/lib/cookies.server'
import { safeRedirect } from '~/lib/safe-redirect'

/** Where to go back to after OK (checked by safeRedirect; the home page otherwise). */
const ConsentSchema = z.object({ redirectTo: z.string().max(2000).optional() })

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: ConsentSchema })
  const redirectTo = submission.status === 'success' ? submission.value.redirectTo : undefined
  const cookie = serializeCookie(CONSENT_COOKIE, 'accepted', { maxAge: ONE_YEAR_S, secure: req(context).server.secure })
  return redirect(safeRedirect(redirectTo, '/'), { headers: { 'Set-Cookie': cookie } })
}

export function loader() {
  return redirect('/')
}
