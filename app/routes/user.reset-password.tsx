// Reset password: one e-mail field. Known and unknown addresses get the same answer, in the same time
// (ADR 007); success → login with a toast. Form and action shared with its twin page.
import type { Route } from './+types/user.reset-password'
import { emailRequestAction } from '~/lib/account.server'
import { EmailRequestPage } from '~/components/form/EmailRequestPage'

export async function action({ request, context }: Route.ActionArgs) {
  return emailRequestAction(request, context, {
    send: 'resetPassword',
    successKey: 'common:success.resetRequested',
  })
}

export default function ResetPassword() {
  return <EmailRequestPage keys="resetPassword" />
}
