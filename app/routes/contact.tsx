// Contact: fixed postal address; the campaign's contact e-mail when the user has a campaign, else a default text.
import { useTranslation } from 'react-i18next'
import type { Route } from './+types/contact'
import { req } from '~/lib/context.server'
import { campaignContactEmail } from '~/services/campaign.server'
import { PageTitle } from '~/components/layout/PageTitle'

export async function loader({ context }: Route.LoaderArgs) {
  const r = req(context)
  let email: string | null = null
  if (r.user?.campaignId != null) {
    email = await campaignContactEmail(r.app.database.db, r.user.campaignId)
  }
  return { email }
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
