// Ways area sub-navigation: all, unconfirmed, confirmed, questionnaires unanswered, add (with a campaign).
// The skip link leads past the tabs to the page's own content. The current tab carries aria-current="page" on every page of its list (and 'all' for an unknown filter).
import { Outlet, useLocation } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { Route } from './+types/_ways'
import { authed } from '~/lib/context.server'
import { Tabs } from '~/components/ui'
import { revalidateUnlessDialogOnly } from '~/lib/dialog-revalidation'
import { ANY_PAGE_DIALOGS } from '~/domain/dialogUrl'
import { isListFilter, LIST_FILTERS, listPath } from '~/domain/waysUrls'

export async function loader({ context }: Route.LoaderArgs) {
  return { hasCampaign: authed(context).user.campaignId != null }
}

// Opening or closing a page's dialog loads nothing for the tabs either (ADR 299).
export const shouldRevalidate = revalidateUnlessDialogOnly(ANY_PAGE_DIALOGS)

/** The skip link passes the tabs (repeated on every ways page) and leads to the page's own content. */
export const handle = { skipTo: 'ways-content' }

function currentTab(pathname: string): string {
  if (pathname.startsWith('/ways/add')) return 'add'
  const filter = /^\/ways\/list\/([^/]+)/.exec(pathname)?.[1]
  return isListFilter(filter) ? filter : 'all'
}

export default function WaysLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('ways')
  const current = currentTab(useLocation().pathname)
  const items = [
    ...LIST_FILTERS.map((f) => ({ to: listPath(f, 1), label: t(`subnav.${f}`), current: current === f })),
    ...(loaderData.hasCampaign ? [{ to: '/ways/add', label: t('subnav.add'), current: current === 'add' }] : []),
  ]
  return (
    <div className="stack">
      <Tabs items={items} label={t('subnav.label')} />
      <div id="ways-content" className="stack">
        <Outlet />
      </div>
    </div>
  )
}
