// Only /pois requires authorization. Authorized = assigned to a campaign (docs/decisions/006-poi-authorization.md).
import { Outlet } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { Route } from './+types/_authorized'
import { authed } from '~/lib/context.server'
import { isAuthorized } from '~/services/authorization.server'
import { PageTitle } from '~/components/layout/PageTitle'

export async function loader({ context }: Route.LoaderArgs) {
  const { user } = authed(context)
  return { authorized: isAuthorized(user) }
}

export default function AuthorizedLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  if (loaderData.authorized) return <Outlet />
  return (
    <section className="stack">
      <PageTitle>{t('authorization.title')}</PageTitle>
      <h1>{t('authorization.title')}</h1>
      <p className="notice notice--info">{t('authorization.info')}</p>
    </section>
  )
}
