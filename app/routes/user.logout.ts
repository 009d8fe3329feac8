// POST /user/logout: ends the session in the database and clears the cookie (logout clears the stored session and
// reloads the page — the redirect is a full page load).
import { parseWithZod } from '@conform-to/zod/v4'
import { redirect } from 'react-router'
import { z } from 'zod'
import type { Route } from './+types/user.logout'
import { req, serviceCtx } from '~/lib/context.server'
import { clearSessionCookie } from '~/lib/account.server'
import { userService } from '~/services/user.server'

/** everywhere=1 (the form on the change-password page): every session of the account ends, on every device. */
const LogoutSchema = z.object({ everywhere: z.string().max(10).optional() })

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData().catch(() => new FormData())
  const submission = parseWithZod(form, { schema: LogoutSchema })
  // A malformed post still logs out, from this device only.
  const everywhere = submission.status === 'success' && submission.value.everywhere === '1'
  if (req(context).user) await (everywhere ? userService.logoutEverywhere : userService.logout)(serviceCtx(context), {})
  return redirect('/user/login', { headers: { 'Set-Cookie': clearSessionCookie(context) } })
}

export function loader() {
  return redirect('/user/login')
}
