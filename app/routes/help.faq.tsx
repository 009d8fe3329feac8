// FAQ: each question expands and collapses its (sanitised HTML) answer; <details> works without JS.
import { useTranslation } from 'react-i18next'
import type { Route } from './+types/help.faq'
import { serviceCtx } from '~/lib/context.server'
import { faqList } from '~/lib/info-calls.server'
import { PageTitle } from '~/components/layout/PageTitle'

export async function loader({ context }: Route.LoaderArgs) {
  return { faqs: await faqList(serviceCtx(context)) }
}

export default function Faq({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('help')
  return (
    <section className="stack">
      <PageTitle>{t('faq.title')}</PageTitle>
      <h1>{t('faq.title')}</h1>
      {loaderData.faqs.length === 0 ? (
        <p className="empty-state">{t('faq.empty')}</p>
      ) : (
        <div className="faq stack">
          {loaderData.faqs.map((f, i) => (
            <details key={i} className="card faq__item">
              <summary className="faq__question">{f.question}</summary>
              <div className="faq__answer prose" dangerouslySetInnerHTML={{ __html: f.answer }} />
            </details>
          ))}
        </div>
      )}
    </section>
  )
}
