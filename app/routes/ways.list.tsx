// The ways list (spec 2.7, 9): /ways/list/{filter}/{id?}/page/{page}, grouped by day (newest first), paged with the
// overlap row of spec 9, no-trip days (docs/decisions/008-no-trip-days.md), the report flow and, in debug mode, the
// withdrawal of a report.
// - filter: all | unconfirmed (not confirmed; reported ways are unconfirmed ones, so they show here with their badge)
//   | confirmed (confirmed, all questions answered) | qtnsUnanswered (confirmed, questions open). Anything else
//   redirects to the same page of 'all'.
// - page: a positive integer; anything else redirects to page 1. A page past the end shows an empty state.
// - id (optional): the way to highlight (aria-current, scrolled into view): pages that send a participant back to the
//   list (after a report, a withdrawal, or from the trip detail) use /ways/list/{filter}/{id}/page/{page}#trip-{id}.
import { useEffect } from 'react'
import { data, Form, redirect, useLocation } from 'react-router'
import { useTranslation } from '~/lib/i18n'
import type { Route } from './+types/ways.list'
import { req, serviceCtx } from '~/lib/context.server'
import { requireUser } from '~/lib/guards.server'
import { redirectWithToast, runOrToast, success } from '~/lib/http.server'
import { PageTitle } from '~/lib/title'
import { tripService } from '~/services/trip.server'
import type { GetTripsResult } from '~/services/trip/list.server'
import type { TripDto } from '~/services/trip/model.server'
import { tripReportAction } from '~/components/trip/report.server'
import { ReportDialog, reportDialogHref } from '~/components/trip/ReportDialog'
import { NoTripDayCard, TripCardView, tripTimeText, type TripCardData } from '~/components/trip/TripCard'
import { Button, ButtonLink, buttonClass, Dialog, DialogCloseLink, EmptyState, Notice, Paginator } from '~/components/ui'
import { useRootData } from '~/root'
import { dayLabel, weekdayName } from '~/domain/dayHeader'
import { formatDistance } from '~/domain/distance'
import { formatDuration } from '~/domain/duration'
import { pageDays } from '~/domain/listDays'
import { pageCount, pageFetch, parsePage, splitOverlap, visiblePages } from '~/domain/pagination'
import { dayInZone, dayToDisplay } from '~/domain/time'
import { isDateParam } from '~/domain/timeInput'
import { modeDots } from '~/domain/tripName'

const FILTERS = ['all', 'unconfirmed', 'confirmed', 'qtnsUnanswered'] as const
type ListFilter = (typeof FILTERS)[number]

/** The getTrips filter of each tab. */
const FILTER_PARAMS: Record<ListFilter, { validationStatus?: boolean; qtnsAnswered?: boolean }> = {
  all: {},
  unconfirmed: { validationStatus: false },
  confirmed: { validationStatus: true, qtnsAnswered: true },
  qtnsUnanswered: { validationStatus: true, qtnsAnswered: false },
}

const isFilter = (f: string | undefined): f is ListFilter => (FILTERS as readonly string[]).includes(f ?? '')
const listPath = (filter: string, page: number, id?: number | null) => `/ways/list/${filter}${id ? `/${id}` : ''}/page/${page}`

function parseRoute(params: Route.LoaderArgs['params']) {
  const page = parsePage(params.page)
  const filter = isFilter(params.filter) ? params.filter : null
  const id = params.id == null ? null : parsePage(params.id)
  // Spec 2.1: "An unknown filter falls back to all." Bad page numbers and ids go to a clean URL as well.
  if (!filter || !page || (params.id != null && !id)) throw redirect(listPath(filter ?? 'all', page ?? 1, id))
  return { filter, page, id }
}

function cardData(t: TripDto, locale: Parameters<typeof formatDistance>[1]): TripCardData {
  // startTime/endTime are 'YYYY-MM-DD HH:mm' in the study's time zone already.
  const startDay = t.startTime.slice(0, 10)
  const endDay = t.endTime.slice(0, 10)
  const modes = modeDots(t.legs.map((l) => ({ tfcModes: l.tfcModes.map((m) => m.constant) })))
  const names = new Map(t.legs.flatMap((l) => l.tfcModes.map((m) => [m.constant, m.name] as const)))
  return {
    id: t.id,
    name: t.name,
    startTime: t.startTime.slice(11),
    endTime: t.endTime.slice(11),
    endDate: endDay > startDay ? dayToDisplay(endDay) : null,
    startIso: t.start,
    endIso: t.end,
    distance: formatDistance(t.distance, locale),
    duration: formatDuration(t.duration, locale),
    manual: t.creationType === 'CREATED_MANUALLY',
    modes: modes.map((constant) => ({ constant, name: names.get(constant) ?? constant })),
    status: t.status,
    canReport: !t.validationStatus && !t.confirmationStatus && !t.fdbkAvail,
  }
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request)
  const { filter, page, id } = parseRoute(params)
  const r = req(context)
  const { locale } = r
  const env = r.app.env
  const tz = env.STUDY_TIME_ZONE
  const limit = env.TRIPS_PAGE_LIMIT
  const ctx = serviceCtx(context)
  const url = new URL(request.url)

  const result = (await tripService.getTrips(ctx, { ...FILTER_PARAMS[filter], sortOrder: 'DESC', ...pageFetch(page, limit), withGeom: false })) as GetTripsResult
  const { previous, items } = splitOverlap(result.trps, page)
  const pages = pageCount(result.totalNo, limit)
  const outOfRange = page > Math.max(pages, 1)
  const today = dayInZone(new Date(), tz)
  const cards = new Map(items.map((t) => [t.id, cardData(t, locale)]))
  const days = pageDays(result.periods, previous ? { id: previous.id, day: previous.startTime.slice(0, 10) } : null, filter === 'all').map(
    (d) => {
      const label = dayLabel(d.day, today, locale)
      return {
        ...d,
        label: label.text,
        date: label.kind === 'other' ? null : `${weekdayName(d.day, locale)}, ${dayToDisplay(d.day)}`,
        trips: d.tripIds.map((tid) => cards.get(tid)!).filter(Boolean),
      }
    },
  )

  // Dialogs (ADR 005): ?dialog=noTrips&day=YYYY-MM-DD, ?dialog=report&trip=<id>.
  const dialog = url.searchParams.get('dialog')
  const dialogDay = url.searchParams.get('day')
  const noTripsDay = dialog === 'noTrips' && isDateParam(dialogDay) && days.some((d) => d.day === dialogDay && d.empty === 'open') ? dialogDay : null
  const reportId = dialog === 'report' ? parsePage(url.searchParams.get('trip')) : null
  const reportTrip = reportId != null && cards.get(reportId)?.canReport ? reportId : null
  const reasons = reportTrip ? ((await tripService.getTripFeedbackReasons(ctx, {})) as { trpFdbkReasons: { id: number; name: string }[] }).trpFdbkReasons : []

  return {
    filter,
    page,
    pages,
    limit,
    highlight: id,
    totalNo: result.totalNo,
    first: (page - 1) * limit + 1,
    last: (page - 1) * limit + items.length,
    outOfRange,
    days,
    noTripsDay,
    reportTrip,
    reasons,
    hasCampaign: user.campaignId != null,
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  await requireUser(context, request)
  const { filter, page } = parseRoute(params)
  const form = await request.formData()
  const back = listPath(filter, page)
  const reported = await tripReportAction(context, form, { back })
  if (reported) return reported
  switch (form.get('intent')) {
    case 'set-zero-trip-day': {
      const day = String(form.get('day') ?? '')
      const to = isDateParam(day) ? `${back}#day-${day}` : back
      await runOrToast(context, to, (ctx) => tripService.setZeroTripDay(ctx, { day }))
      return redirectWithToast(context, to, success('common:success.noTripDaySet'))
    }
    default:
      throw data('Unknown intent', { status: 400 })
  }
}

export default function TripList({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('ways')
  const root = useRootData()
  const location = useLocation()
  const { filter, page, pages, days, highlight, outOfRange, totalNo } = loaderData
  const here = listPath(filter, page, highlight)
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
      labels={{ nav: t('list.pages'), previous: t('list.newer'), next: t('list.older'), page: (n) => t('list.page', { page: n }) }}
    />
  )

  let body
  if (outOfRange) {
    body = (
      <EmptyState title={t('list.outOfRange.title')} action={<ButtonLink to={listPath(filter, 1)} variant="primary">{t('list.outOfRange.action')}</ButtonLink>}>
        <p>{t('list.outOfRange.text', { count: pages })}</p>
      </EmptyState>
    )
  } else if (days.length === 0) {
    body = (
      <EmptyState title={t(`list.empty.${filter}.title`)} icon={filter === 'all' ? 'map-pin' : 'check'}>
        <p>{t(`list.empty.${filter}.text`)}</p>
      </EmptyState>
    )
  } else {
    body = (
      <div className="trip-days">
        {totalNo === 0 ? <Notice title={t('list.empty.all.title')}>{t('list.empty.all.withDays')}</Notice> : null}
        {days.map((d) => (
          <section key={d.day} id={`day-${d.day}`} className="trip-day" aria-labelledby={`day-${d.day}-title`}>
            <header className="day-header">
              <h2 className="day-header__title" id={`day-${d.day}-title`}>
                {d.label}
                {d.continued ? <span className="day-header__continued"> ({t('list.continued')})</span> : null}
              </h2>
              {d.date ? <p className="day-header__meta">{d.date}</p> : null}
            </header>
            {d.empty === 'none' ? (
              <ul className="trip-list">
                {d.trips.map((trip) => (
                  <li key={trip.id}>
                    <TripCardView
                      t={t}
                      trip={trip}
                      highlighted={trip.id === highlight}
                      reportHref={reportDialogHref(trip.id)}
                      withdraw={root?.debugMode ? { returnTo: `${listPath(filter, page, trip.id)}#trip-${trip.id}` } : null}
                    />
                    {loaderData.reportTrip === trip.id ? (
                      <ReportDialog
                        open
                        tripId={trip.id}
                        reasons={loaderData.reasons}
                        closeHref={back(`trip-${trip.id}`)}
                        returnTo={`${listPath(filter, page, trip.id)}#trip-${trip.id}`}
                        tripLabel={`${trip.name || t('card.unnamed')}, ${d.label}, ${tripTimeText(trip)}`}
                      />
                    ) : null}
                  </li>
                ))}
              </ul>
            ) : (
              <>
                <NoTripDayCard t={t} day={d.day} state={d.empty} dialogHref={`?dialog=noTrips&day=${d.day}#noTrips`} />
                {loaderData.noTripsDay === d.day ? <NoTripsDialog day={d.day} label={d.date ? `${d.label}, ${d.date}` : d.label} closeHref={back(`day-${d.day}`)} hasCampaign={loaderData.hasCampaign} /> : null}
              </>
            )}
          </section>
        ))}
      </div>
    )
  }

  return (
    <section className="stack trip-list-page" aria-labelledby="list-title">
      <PageTitle>{title}</PageTitle>
      <div className="page-header">
        <h1 id="list-title">{t('list.title')}</h1>
        {totalNo > 0 && !outOfRange ? (
          <p className="text-muted text-small">{t('list.range', { first: loaderData.first, last: loaderData.last, total: totalNo })}</p>
        ) : null}
      </div>
      {body}
      {!outOfRange ? paginator : null}
    </section>
  )
}

function NoTripsDialog({ day, label, closeHref, hasCampaign }: { day: string; label: string; closeHref: string; hasCampaign: boolean }) {
  const { t } = useTranslation('ways')
  return (
    <Dialog id="noTrips" open title={t('noTrips.title')} closeHref={closeHref} closeLabel={t('common:actions.close')}>
      <p>{t('noTrips.text', { day: label })}</p>
      <div className="no-trips-actions">
        <Form method="post">
          <input type="hidden" name="intent" value="set-zero-trip-day" />
          <input type="hidden" name="day" value={day} />
          <Button variant="primary" block>
            {t('noTrips.confirm')}
          </Button>
        </Form>
        {hasCampaign ? (
          <ButtonLink to={`/ways/add/${day}`} variant="secondary" block>
            {t('noTrips.add')}
          </ButtonLink>
        ) : null}
        <DialogCloseLink className={buttonClass({ variant: 'ghost', block: true })}>{t('common:actions.cancel')}</DialogCloseLink>
      </div>
    </Dialog>
  )
}
