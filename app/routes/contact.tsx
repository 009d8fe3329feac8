// Contact: fixed postal address; the contact e-mail of the participant's campaign, else of the default campaign, else a default text.
import { useTranslation } from 'react-i18next'
import type { Route } from './+types/contact'
import { serviceCtx } from '~/lib/context.server'
import { contactEmail } from '~/services/campaign.server'
import { PageTitle } from '~/components/layout/PageTitle'

export async function loader({ context }: Route.LoaderArgs) {
  return { email: await contactEmail(serviceCtx(context)) }
}

export default function Contact({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('help')
  return (
    <section className="stack">
      <PageTitle>{t('contact.title')}</PageTitle>
      <h1>{t('contact.title')}</h1>
      <div className="card stack">
        <address className="contact__address">
          {(t('contact.addressLines', { returnObjects: true }) as string[]).map((line) => (
            <span key={line}>
              {line}
              <br />
            </span>
          ))}
        </address>
        <p>
          {loaderData.email ? (
            <>
              {t('contact.emailLabel')} <a href={`mailto:${loaderData.email}`}>{loaderData.email}</a>
            </>
          ) : (
            t('contact.emailDefault')
          )}
        </p>
      </div>
    </section>
  )
}
