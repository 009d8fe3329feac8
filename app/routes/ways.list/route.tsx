// The ways list: /ways/list/{filter}/{id?}/page/{page}, grouped by day (newest first), paged with the
// one-way overlap between pages, no-trip days (docs/decisions/008-no-trip-days.md; a mark can be taken back; several in a row
// show as one card, confirmed together or opened day by day), the report flow and the withdrawal of a report, and
// the phone's segmentation corrected in place: two neighbouring ways merged from between their cards, a split or merge
// undone from the card of a way it made.
// - filter: all | unconfirmed (not confirmed; reported ways are unconfirmed ones, so they show here with their badge)
//   | confirmed (confirmed, all questions answered) | qtnsUnanswered (confirmed, questions open). Anything else
//   redirects to the same page of 'all'.
// - page: a positive integer; anything else redirects to page 1. A page past the end shows an empty state.
// - id (optional): the way to highlight (aria-current, scrolled into view): pages that send a participant back to the
//   list (after a report, a withdrawal, or from the trip detail) use /ways/list/{filter}/{id}/page/{page}#trip-{id}.
import { useEffect } from 'react'
import { redirect, useLocation } from 'react-router'
import { useTranslation } from 'react-i18next'
import { labelsOnce } from '~/lib/labels-once'
import type { Route } from './+types/route'
import { authed, req } from '~/lib/context.server'
import { confirmLeavesTab, isListFilter, LIST_FILTER_PARAMS, listPath } from '~/domain/waysUrls'
import { runIntent } from '~/lib/intents.server'
import { parseIdText } from '~/domain/ids'
import { reviewProgress } from '~/services/trip/progress.server'
import { PageTitle } from '~/components/layout/PageTitle'
import { listTripPurposes } from '~/services/info.server'
import { reportReasons, waysPage } from '~/lib/way-calls.server'
import { reportDialogHref } from '~/components/trip/ReportDialog'
import { MergeWithBefore, NoTripDayCard, TripCardView, type TripCardData } from '~/components/trip/TripCard'
import { useModePickFetcher } from '~/components/trip/ModePickDialog'
import { ConfirmedCardSlot } from '~/components/trip/QuickReview'
import { NoTripRun, noTripRunExpandQuery, type NoTripRunView } from '~/components/trip/NoTripRun'
import { ButtonLink, EmptyState, Notice, Paginator } from '~/components/ui'
import { ListLinks } from '~/components/ways/ListLink'
import { FirstSteps, ReviewProgressLine } from '~/components/ways/ListParts'
import { listActions } from './actions.server'
import { CardDialogs, noTripsDialogDay, NoTripsDialogSlot, NoTripsRunDialogSlot } from './card-dialogs'
import { cardsOf, waitingForPurpose } from './cards.server'
import { dayLabel, shortDayName, weekdayName } from '~/domain/dayHeader'
import { pageDays } from '~/domain/listDays'
import { groupNoTripRuns } from '~/domain/noTripRuns'
import { dayRangeParam, parseDayRange, rangesOverlap } from '~/domain/dayRange'
import { LIST_DIALOGS } from '~/domain/dialogUrl'
import { revalidateUnlessDialogOnly } from '~/lib/dialog-revalidation'
import { pageCount, pageFetch, parsePage, splitOverlap, visiblePages } from '~/domain/pagination'
import { dayInZone, dayToDisplay } from '~/domain/time'

function parseRoute(params: Route.LoaderArgs['params']) {
  const page = parsePage(params.page)
  const filter = isListFilter(params.filter) ? params.filter : null
  const id = params.id == null ? null : parseIdText(params.id)
  // An unknown filter falls back to all. Bad page numbers and ids go to a clean URL as well.
  if (!filter || !page || (params.id != null && !id)) throw redirect(listPath(filter ?? 'all', page ?? 1, id))
  return { filter, page, id }
}

export async function loader({ url, params, context }: Route.LoaderArgs) {
  const { filter, page, id } = parseRoute(params)
  const r = req(context)
  const { locale } = r
  const env = r.app.env
  const tz = env.STUDY_TIME_ZONE
  const limit = env.TRIPS_PAGE_LIMIT
  const ctx = authed(context)

  const result = await waysPage(ctx, {
    ...LIST_FILTER_PARAMS[filter],
    sortOrder: 'DESC',
    ...pageFetch(page, limit),
    withGeom: false,
  })
  const { previous, items } = splitOverlap(result.ways, page)
  const pages = pageCount(result.total, limit)
  const outOfRange = page > Math.max(pages, 1)
  const today = dayInZone(new Date(), tz)
  // Every dialog of the page opens from what this loader gave (ADR 299): the report's reasons come along whenever a
  // way on the page can be reported, whatever the URL says.
  const [{ cards, merges }, purposeList, progress, reasons] = await Promise.all([
    cardsOf(ctx, locale, items),
    waitingForPurpose(items).length ? listTripPurposes(ctx) : [],
    reviewProgress(ctx),
    items.some((t) => t.way.allows.report) ? reportReasons(ctx) : [],
  ])
  // ?retryPurpose=<id> on the highlighted card: a confirmation from an old version, its purpose selected again.
  const retryPurpose = parseIdText(url.searchParams.get('retryPurpose'))
  const retryCard = id != null ? cards.get(id)?.quick : null
  if (retryCard && retryPurpose != null) retryCard.retryPurpose = retryPurpose
  const days = pageDays(
    result.periods,
    previous ? { id: previous.id, day: previous.startTime.slice(0, 10) } : null,
    filter === 'all',
  ).map((d) => {
    const label = dayLabel(d.day, today, locale)
    return {
      ...d,
      label: label.text,
      date: label.kind === 'other' ? null : `${weekdayName(d.day, locale)}, ${dayToDisplay(d.day)}`,
      trips: d.tripIds.map((tid) => cards.get(tid)!).filter(Boolean),
    }
  })

  // Consecutive open days as one card (domain/noTripRuns.ts); whether a run shows its days one by one is the URL's
  // (?expand=FROM..TO, or a single-day dialog inside it), read by the page.
  const groups = groupNoTripRuns(days).map((g) =>
    g.kind === 'day'
      ? g
      : {
          ...g,
          run: {
            from: g.from,
            to: g.to,
            count: g.days.length,
            fromText: shortDayName(g.from, locale),
            toText: shortDayName(g.to, locale),
          },
        },
  )

  return {
    filter,
    page,
    pages,
    limit,
    highlight: id,
    total: result.total,
    first: (page - 1) * limit + 1,
    last: (page - 1) * limit + items.length,
    outOfRange,
    groups,
    reasons,
    // Under the card of a way, the merge with the way before it (the next card down).
    merges,
    hasCampaign: ctx.user.campaignId != null,
    purposes: purposeList.map((p) => ({ id: p.id, name: p.name })),
    progress,
  }
}

// Opening, closing or changing a dialog (only its own parameters change) keeps this page's data: the dialogs read
// the URL and open from what the page has, with no request to the server (ADR 299). A post revalidates as always.
export const shouldRevalidate = revalidateUnlessDialogOnly(LIST_DIALOGS)

export async function action({ request, params, context }: Route.ActionArgs) {
  const { filter, page } = parseRoute(params)
  return runIntent(listActions, await request.formData(), { context, filter, page, back: listPath(filter, page) })
}

type ListGroup = Route.ComponentProps['loaderData']['groups'][number]

/**
 * The page's days, with a way's card as a mode picked on it was answered in place (ModePickDialog) while that answer
 * is newer than the page's data: the card shows the new mode, and its forms send the version stored now.
 */
function useAnsweredCards(groups: ListGroup[]): ListGroup[] {
  const answer = useModePickFetcher().data?.card
  if (!answer) return groups
  const fresh = (trip: TripCardData) =>
    trip.id === answer.id && (answer.version ?? 0) > (trip.version ?? 0) ? answer : trip
  return groups.map((g) =>
    g.kind === 'day'
      ? { ...g, day: { ...g.day, trips: g.day.trips.map(fresh) } }
      : { ...g, days: g.days.map((d) => ({ ...d, trips: d.trips.map(fresh) })) },
  )
}

/** One day of the page as the loader prepared it. */
type ListDay = Extract<Route.ComponentProps['loaderData']['groups'][number], { kind: 'day' }>['day']

export default function WaysList({ loaderData }: Route.ComponentProps) {
  const { t: translate, i18n } = useTranslation('ways')
  // On the server each of the page's labels is looked up once per language, for every render (labelsOnce). The
  // browser's bundle leaves that out (import.meta.env.SSR is false there), and its t stays the function the cards
  // compare.
  const t = import.meta.env.SSR ? labelsOnce(translate, `${i18n.language} ways`) : translate
  const location = useLocation()
  const { filter, page, pages, highlight, outOfRange, total } = loaderData
  // Which dialog is open is the URL's (ADR 005, 299): ?dialog=noTrips&day=YYYY-MM-DD, ?dialog=noTripsRun&days=FROM..TO,
  // ?dialog=report&trip=<id>, ?dialog=mode&leg=<id>(&retry=<mode>); ?expand=FROM..TO shows a run day by day. Each
  // opens only for what is on this page; anything else shows the page without a dialog.
  const search = new URLSearchParams(location.search)
  const loaded = useAnsweredCards(loaderData.groups)
  const dayIds = loaded.flatMap((g) => (g.kind === 'day' ? [g.day] : g.days))
  // A day's dialog inside a run shows the run day by day.
  const dialogDay = noTripsDialogDay(search)
  const noTripsDay = dayIds.some((d) => d.day === dialogDay && d.empty === 'open') ? dialogDay : null
  const expand = parseDayRange(search.get('expand'))
  const groups = loaded.map((g) =>
    g.kind === 'day'
      ? g
      : {
          ...g,
          run: {
            ...g.run,
            expanded:
              (expand != null && rangesOverlap(expand, g)) ||
              (noTripsDay != null && noTripsDay >= g.from && noTripsDay <= g.to),
          } satisfies NoTripRunView,
        },
  )
  const here = listPath(filter, page, highlight)
  // Every card of the page with its day, for the merge controls (two neighbours may be on two days).
  const shown = new Map(
    groups
      .flatMap((g) => (g.kind === 'day' ? [g.day] : g.days))
      .flatMap((d) => d.trips.map((trip) => [trip.id, { trip, dayText: d.date ?? d.label }] as const)),
  )
  const mergeUnder = new Map(loaderData.merges.map((m) => [m.later.id, m]))
  const back = (anchor?: string) => `${here}${anchor ? `#${anchor}` : ''}`
  const filterLabel = t(`subnav.${filter}`)
  const title = page > 1 ? t('list.pageTitle', { filter: filterLabel, page }) : `${t('list.title')} – ${filterLabel}`

  // The `:id` segment: bring the highlighted way into view (a #fragment already does that by itself).
  useEffect(() => {
    if (!highlight || location.hash) return
    document.getElementById(`trip-${highlight}`)?.scrollIntoView({ block: 'center' })
  }, [highlight, location.hash])

  const paginator = (
    <Paginator
      current={page}
      count={pages}
      visible={visiblePages(page, pages)}
      hrefFor={(p) => listPath(filter, p)}
      labels={{
        nav: t('list.pages'),
        previous: t('list.newer'),
        next: t('list.older'),
        page: (n) => t('list.page', { page: n }),
      }}
    />
  )

  // Each way's card and the one after it on the page (the one before it for the last).
  const order = [...shown.keys()]
  const nextOf = new Map(order.map((tid, i) => [tid, order[i + 1] ?? order[i - 1] ?? null]))
  const leaves = confirmLeavesTab(filter)

  // One day's section; inside a run shown one by one (`run`) its heading is an h3 and its links keep the run open.
  const renderDay = (d: ListDay, run?: { from: string; to: string }) => {
    const H = run ? 'h3' : 'h2'
    const keep = run ? noTripRunExpandQuery(run) : ''
    return (
      <section key={d.day} id={`day-${d.day}`} className="trip-day" aria-labelledby={`day-${d.day}-title`}>
        <header className="day-header">
          <H className="day-header__title" id={`day-${d.day}-title`}>
            {d.label}
            {d.continued ? <span className="day-header__continued"> ({t('list.continued')})</span> : null}
          </H>
          {d.date ? <p className="day-header__meta">{d.date}</p> : null}
        </header>
        {d.empty === 'none' ? (
          <ul className="trip-list">
            {d.trips.map((trip) => (
              <ConfirmedCardSlot key={trip.id} tripId={trip.id} nextId={nextOf.get(trip.id)} leaves={leaves}>
                <li>
                  <TripCardView
                    t={t}
                    trip={trip}
                    highlighted={trip.id === highlight}
                    reportHref={reportDialogHref(trip.id)}
                    withdraw={
                      trip.canWithdraw ? { returnTo: `${listPath(filter, page, trip.id)}#trip-${trip.id}` } : null
                    }
                    purposes={loaderData.purposes}
                    from={filter}
                    modeSearch={keep.slice(1)}
                    dayText={d.date ?? d.label}
                    nextId={nextOf.get(trip.id)}
                  />
                  {mergeUnder.has(trip.id) && shown.has(mergeUnder.get(trip.id)!.earlier.id) ? (
                    <MergeWithBefore
                      t={t}
                      merge={mergeUnder.get(trip.id)!}
                      later={shown.get(trip.id)!}
                      earlier={shown.get(mergeUnder.get(trip.id)!.earlier.id)!}
                    />
                  ) : null}
                </li>
              </ConfirmedCardSlot>
            ))}
          </ul>
        ) : (
          <>
            <NoTripDayCard
              t={t}
              day={d.day}
              state={d.empty}
              dayText={d.date ?? d.label}
              dialogHref={`${keep ? `${keep}&` : '?'}dialog=noTrips&day=${d.day}#noTrips`}
            />
            <NoTripsDialogSlot
              open={d.empty === 'open'}
              day={d.day}
              label={d.date ? `${d.label}, ${d.date}` : d.label}
              closeHref={`${here}${keep}#day-${d.day}`}
              hasCampaign={loaderData.hasCampaign}
              expand={run ? dayRangeParam(run) : undefined}
            />
          </>
        )}
      </section>
    )
  }

  let body
  if (outOfRange) {
    body = (
      <EmptyState
        title={t('list.outOfRange.title')}
        action={
          <ButtonLink to={listPath(filter, 1)} variant="primary">
            {t('list.outOfRange.action')}
          </ButtonLink>
        }
      >
        <p>{t('list.outOfRange.text', { count: pages })}</p>
      </EmptyState>
    )
  } else if (groups.length === 0) {
    body = (
      <EmptyState title={t(`list.empty.${filter}.title`)} icon={filter === 'all' ? 'map-pin' : 'check'}>
        <p>{t(`list.empty.${filter}.text`)}</p>
        {total === 0 ? <FirstSteps hasCampaign={loaderData.hasCampaign} /> : null}
      </EmptyState>
    )
  } else {
    body = (
      <div className="trip-days">
        {total === 0 ? (
          <Notice title={t('list.empty.all.title')}>
            <p>{t('list.empty.all.withDays')}</p>
            <FirstSteps hasCampaign={loaderData.hasCampaign} />
          </Notice>
        ) : null}
        {groups.map((g) =>
          g.kind === 'run' ? (
            <NoTripRun
              key={`run-${g.from}`}
              run={g.run}
              t={t}
              dialog={<NoTripsRunDialogSlot run={g.run} t={t} closeHref={back(`run-${g.from}`)} />}
            >
              {g.days.map((d) => renderDay(d, g))}
            </NoTripRun>
          ) : (
            renderDay(g.day)
          ),
        )}
      </div>
    )
  }

  return (
    <section className="stack trip-list-page" aria-labelledby="list-title">
      <PageTitle>{title}</PageTitle>
      <div className="page-header">
        <h1 id="list-title">{t('list.title')}</h1>
        {total > 0 && !outOfRange ? (
          <p className="text-muted text-small">
            {t('list.range', { first: loaderData.first, last: loaderData.last, total })}
          </p>
        ) : null}
      </div>
      <CardDialogs t={t} groups={groups} filter={filter} page={page} here={here} reasons={loaderData.reasons} />
      {loaderData.progress.total > 0 ? <ReviewProgressLine progress={loaderData.progress} /> : null}
      <ListLinks>{body}</ListLinks>
      {!outOfRange ? paginator : null}
    </section>
  )
}
