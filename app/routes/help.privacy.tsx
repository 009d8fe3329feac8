// PRIVACY text module: server-supplied HTML, sanitised.
import { useTranslation } from 'react-i18next'
import type { Route } from './+types/help.privacy'
import { req, serviceCtx } from '~/lib/context.server'
import { textModule } from '~/lib/info-calls.server'
import { PageTitle } from '~/components/layout/PageTitle'

export async function loader({ context }: Route.LoaderArgs) {
  return { html: await textModule(serviceCtx(context), 'PRIVACY'), loggedIn: req(context).user != null }
}

export default function TextPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('help')
  return (
    <section className="stack">
      <PageTitle>{t('privacy.title')}</PageTitle>
      <h1>{t('privacy.title')}</h1>
      <div className="card prose" dangerouslySetInnerHTML={{ __html: loaderData.html }} />
    </section>
  )
}
