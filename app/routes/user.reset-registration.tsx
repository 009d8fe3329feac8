// Reset registration: one e-mail field. Known and unknown addresses get the same answer, in the same time
// (ADR 007); success → login with a toast. Form and action shared with its twin page.
import type { Route } from './+types/user.reset-registration'
import { emailRequestAction } from '~/lib/account.server'
import { EmailRequestPage } from '~/components/form/EmailRequestPage'

export async function action({ request, context }: Route.ActionArgs) {
  return emailRequestAction(request, context, {
    send: 'resetRegistration',
    successKey: 'common:success.verificationMailSent',
  })
}

export default function ResetRegistration() {
  return <EmailRequestPage keys="resetRegistration" />
}
