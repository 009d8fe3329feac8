// Ways area sub-navigation (spec 2.7): all, unconfirmed, confirmed, questionnaires unanswered, add (with a campaign).
// The current tab carries aria-current="page" on every page of its list (and 'all' for an unknown filter).
import { Outlet, useLocation } from 'react-router'
import { useTranslation } from '~/lib/i18n'
import type { Route } from './+types/_ways'
import { req } from '~/lib/context.server'
import { Tabs } from '~/components/ui'

export async function loader({ context }: Route.LoaderArgs) {
  return { hasCampaign: req(context).user?.campaignId != null }
}

export const FILTERS = ['all', 'unconfirmed', 'confirmed', 'qtnsUnanswered'] as const

function currentTab(pathname: string): string {
  if (pathname.startsWith('/ways/add')) return 'add'
  const filter = /^\/ways\/list\/([^/]+)/.exec(pathname)?.[1]
  return FILTERS.find((f) => f === filter) ?? 'all'
}

export default function WaysLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('ways')
  const current = currentTab(useLocation().pathname)
  const items = [
    ...FILTERS.map((f) => ({ to: `/ways/list/${f}/page/1`, label: t(`subnav.${f}`), current: current === f })),
    ...(loaderData.hasCampaign ? [{ to: '/ways/add', label: t('subnav.add'), current: current === 'add' }] : []),
  ]
  return (
    <div className="stack">
      <Tabs items={items} label={t('subnav.label')} />
      <Outlet />
    </div>
  )
}
