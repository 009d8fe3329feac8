// Verify e-mail from the link: needs the address and the token, without them → login. Success → login with
// the verified notice; PROF_VERIFICATION_FAILED → login with the not-verified notice. No screen of its own.
import { redirect } from 'react-router'
import type { Route } from './+types/user.verify-email'
import { serviceCtx } from '~/lib/context.server'
import { emailLink, verifyEmail } from '~/lib/account.server'
import { ServiceError } from '~/services/core.server'

export async function loader({ url, context }: Route.LoaderArgs) {
  const link = emailLink(url)
  if (!link) throw redirect('/user/login')
  try {
    await verifyEmail(serviceCtx(context), link)
  } catch (e) {
    if (e instanceof ServiceError) throw redirect('/user/login/nvf')
    throw e
  }
  throw redirect('/user/login/verified')
}

export default function VerifyEmail() {
  return null
}
