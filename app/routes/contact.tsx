// Contact: fixed postal address; the campaign's contact e-mail when the user has a campaign, else a default text.
import { eq } from 'drizzle-orm'
import { useTranslation } from 'react-i18next'
import type { Route } from './+types/contact'
import { req } from '~/lib/context.server'
import { campaigns } from '~/db/schema'
import { PageTitle } from '~/lib/title'

export async function loader({ context }: Route.LoaderArgs) {
  const r = req(context)
  let email: string | null = null
  if (r.user?.campaignId != null) {
    const [c] = await r.app.database.db.select({ email: campaigns.contactByEmail }).from(campaigns).where(eq(campaigns.id, r.user.campaignId))
    email = c?.email ?? null
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
