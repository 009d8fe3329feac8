// POST /user/logout: ends the session in the database and clears the cookie (logout clears the stored session and
// reloads the page — the redirect is a full page load).
import { redirect } from 'react-router'
import type { Route } from './+types/user.logout'
import { req, serviceCtx } from '~/lib/context.server'
import { clearSessionCookie } from '~/lib/account.server'
import { LogoutSchema } from '~/lib/account-forms.server'
import { handler, runForm } from '~/lib/intents.server'
import { userService } from '~/services/user.server'

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData().catch(() => new FormData())
  const logout = async ({ everywhere }: { everywhere?: string }) => {
    if (req(context).user)
      await (everywhere === '1' ? userService.logoutEverywhere : userService.logout)(serviceCtx(context), {})
    return redirect('/user/login', { headers: { 'Set-Cookie': clearSessionCookie(context) } })
  }
  // A malformed post still logs out, from this device only.
  return runForm(handler(LogoutSchema, logout, { invalid: () => logout({}) }), form, null)
}

export function loader() {
  return redirect('/user/login')
}
