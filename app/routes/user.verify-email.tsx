// Verify e-mail from the link: needs email and verstr, without them → login. Success → login with
// the verified notice; PROF_VERIFICATION_FAILED → login with the not-verified notice. No screen of its own.
import { redirect } from 'react-router'
import type { Route } from './+types/user.verify-email'
import { serviceCtx } from '~/lib/context.server'
import { ServiceError } from '~/services/core.server'
import { userService } from '~/services/user.server'

export async function loader({ url, context }: Route.LoaderArgs) {
  const email = url.searchParams.get('email')?.trim()
  const verstr = url.searchParams.get('verstr')?.trim()
  if (!email || !verstr) throw redirect('/user/login')
  try {
    await userService.verifyEmailAddress(serviceCtx(context), { emailAddr: email, verificationStr: verstr })
  } catch (e) {
    if (e instanceof ServiceError) throw redirect('/user/login/nvf')
    throw e
  }
  throw redirect('/user/login/verified')
}

export default function VerifyEmail() {
  return null
}
