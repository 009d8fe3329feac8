// IMPRINT text module: server-supplied HTML, sanitised.
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { Route } from './+types/help.imprint'
import { req, serviceCtx } from '~/lib/context.server'
import { textModule } from '~/lib/info-calls.server'
import { PageTitle } from '~/components/layout/PageTitle'

export async function loader({ context }: Route.LoaderArgs) {
  return { html: await textModule(serviceCtx(context), 'IMPRINT'), loggedIn: req(context).user != null }
}

export default function TextPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('help')
  return (
    <section className="stack">
      <PageTitle>{t('imprint.title')}</PageTitle>
      <h1>{t('imprint.title')}</h1>
      <div className="card prose" dangerouslySetInnerHTML={{ __html: loaderData.html }} />
      {!loaderData.loggedIn && (
        <p>
          <Link className="btn btn--primary" to="/user/login">
            {t('imprint.login')}
          </Link>
        </p>
      )}
    </section>
  )
}
