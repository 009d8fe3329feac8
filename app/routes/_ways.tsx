// Ways area sub-navigation (spec 2.7): all, unconfirmed, confirmed, questionnaires unanswered, add (with a campaign).
import { NavLink, Outlet } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { Route } from './+types/_ways'
import { req } from '~/lib/context.server'

export async function loader({ context }: Route.LoaderArgs) {
  return { hasCampaign: req(context).user?.campaignId != null }
}

export const FILTERS = ['all', 'unconfirmed', 'confirmed', 'qtnsUnanswered'] as const

export default function WaysLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('ways')
  return (
    <div className="stack">
      <nav aria-label={t('subnav.label')}>
        <ul className="tabs">
          {FILTERS.map((f) => (
            <li key={f}>
              <NavLink to={`/ways/list/${f}/page/1`}>{t(`subnav.${f}`)}</NavLink>
            </li>
          ))}
          {loaderData.hasCampaign && (
            <li>
              <NavLink to="/ways/add">{t('subnav.add')}</NavLink>
            </li>
          )}
        </ul>
      </nav>
      <Outlet />
    </div>
  )
}
