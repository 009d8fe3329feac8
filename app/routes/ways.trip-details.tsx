// /ways/tripDetails/:id (spec 2.7 trip detail, spec 4 "Trip detail steps"): the header (date, start and end
// time, duration, status icon), the left panel (step button, legs with per-leg editing, copy/delete way) and the
// right panel (the map, or the questionnaire during the questionnaire step).
//
// The step and every offered control come from the stored state (trip.way = domain/wayState.ts) on every load, so
// each post simply reloads:
//   Purpose               step button → ?dialog=purpose (all legs); per leg: ?dialog=purpose&leg=ID, copy, delete
//   TrafficModes          per leg: ?dialog=modes&leg=ID (back / ok / next; report in the first); button → ?dialog=confirm;
//                         the purposes (step bar, "change purpose", per leg), copy and delete stay available
//   BeforeQuestionnaires  button → ?view=questionnaire (the trip-level view: step Questionnaires)
//   Questionnaires        right panel: <QuestionnaireStep tripId data /> with data from loadQuestionnaireStep(ctx, id,
//                         url.searchParams); the questionnaire panel keeps `view=questionnaire` in its own links and
//                         posts to /ways/tripDetails/:id/questionnaire. With nothing pending: "complete the way".
//   Validated             read-only
// A confirmed way is read-only for good; a reported way is read-only and offers to withdraw the report. `?leg=ID` selects a leg (highlighted on the map).
// Every action is a form post with an `intent` (400 for an unknown one) and the way's `version`.
import { parseIdText } from '~/domain/ids'
import { isListFilter, LIST_FILTER_PARAMS, listCardHref, listPath, wayPath } from '~/lib/ways-urls'
import { listPageOf, nextOpenWay } from '~/services/trip/manual.server'

import { data, Form, Link, redirect, useActionData, useLocation } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { Route } from './+types/ways.trip-details'
import { useRootData } from '~/root'
import { authed, req } from '~/lib/context.server'
import { redirectWithToast, runOrToast, success } from '~/lib/http.server'
import { PageTitle } from '~/lib/title'
import { ServiceError } from '~/services/core.server'
import { tripService } from '~/services/trip.server'
import { tripDetail } from '~/services/trip/edit.server'
import { loadQuestionnaireStep } from '~/services/questionnaire-step.server'
import { wayEndNames } from '~/services/place-names.server'
import { tripReportAction } from '~/components/trip/report.server'
import { ReportDialog, reportDialogHref, REPORT_FALLBACK } from '~/components/trip/ReportDialog'
import { QuestionnaireStep } from '~/components/questionnaire/QuestionnaireStep'
import { TripMap } from '~/components/map/TripMap'
import { wayTitle } from '~/components/trip/wayTitle'
import { nameParts } from '~/domain/tripName'
import { LegList } from '~/components/trip/detail/LegList'
import { ConfirmDialog, DeleteLegDialog, DeleteWayDialog, ModesDialog, PurposeDialog } from '~/components/trip/detail/TripDialogs'
import { FormBasics, SubmitButton, hrefWith, timeOf } from '~/components/trip/detail/shared'
import { dayTimeToDisplayDate as dateOf } from '~/domain/time'
import { Icon, type IconName } from '~/components/icons/ModeSprite'
import { modeColor } from '~/components/icons/modes'
import { ButtonLink, Notice, buttonClass, cx } from '~/components/ui'
import { Step } from '~/domain/steps'
import { formatDistance } from '~/domain/distance'
import { formatDuration } from '~/domain/duration'
import type { WayStatus as TripListStatus } from '~/domain/wayState'


function parseId(raw: string | undefined): number {
  const id = parseIdText(raw)
  if (id == null) throw data('Not found', { status: 404 })
  return id
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const id = parseId(params.id)
  const ctx = authed(context)
  const detail = await tripDetail(ctx, id).catch((e: unknown) => {
    if (e instanceof ServiceError && e.constant === 'TRIP_NOT_FOUND') throw data('Not found', { status: 404 })
    throw e
  })
  const url = new URL(request.url)
  const dialog = url.searchParams.get('dialog')
  const inQuestionnaireSteps = detail.step === Step.BeforeQuestionnaires || detail.step === Step.Questionnaires
  const questionnaireView = inQuestionnaireSteps && url.searchParams.get('view') === 'questionnaire'
  const questionnaire = questionnaireView ? await loadQuestionnaireStep(ctx, id, url.searchParams) : null
  const reasons = dialog === 'report' && detail.trip.way.allows.report ? (await tripService.getTripFeedbackReasons(ctx, {})).trpFdbkReasons : []
  const ends = questionnaireView ? { start: null, end: null } : await wayEndNames(ctx, detail.trip.legs)
  // Back to the tab, page and card the way was opened from; once confirmed, on to the next way to review.
  const listParam = url.searchParams.get('list')
  const from = isListFilter(listParam) ? listParam : 'all'
  const back = listCardHref(from, await listPageOf(ctx, id, LIST_FILTER_PARAMS[from]), id)
  const nextId = detail.trip.way.allows.answerQuestions ? await nextOpenWay(ctx, id) : null
  return { ...detail, questionnaire, reasons, ends, back, next: nextId ? wayPath(nextId, from) : null, locale: req(context).locale }
}

type Errors = { intent: string; error: string }
const invalid = (intent: string, error: string) => data<Errors>({ intent, error }, { status: 400 })

export async function action({ request, params, context }: Route.ActionArgs) {
  const id = parseId(params.id)
  const list = new URL(request.url).searchParams.get('list')
  const from = isListFilter(list) ? list : null
  // The way's page keeps the list tab it was opened from across every post.
  const here = wayPath(id, from)
  const at = (query: string) => `${here}${here.includes('?') ? '&' : '?'}${query}`
  const form = await request.formData()
  const reported = await tripReportAction(context, form, { back: here })
  if (reported) return reported
  const intent = String(form.get('intent') ?? '')
  const version = form.get('version') ? String(form.get('version')) : undefined
  const legId = String(form.get('legId') ?? '')
  const run = <T,>(fn: Parameters<typeof runOrToast<T>>[2]) => runOrToast(context, here, fn)

  switch (intent) {
    case 'set-purposes': {
      const purposeIds = form.getAll('purposes').map(String)
      if (purposeIds.length === 0) return invalid(intent, 'trip:validation.purposesRequired')
      await run((ctx) => tripService.setTripPurposes(ctx, { id, purposeIds, version }))
      return redirectWithToast(context, here, success('common:success.wayUpdated'))
    }
    case 'set-leg-purposes': {
      const purposeIds = form.getAll('purposes').map(String)
      if (purposeIds.length === 0) return invalid(intent, 'trip:validation.purposesRequired')
      await run((ctx) => tripService.updateLeg(ctx, { leg: { id: legId, tripPurposes: purposeIds }, version }))
      return redirectWithToast(context, at(`leg=${encodeURIComponent(legId)}`), success('common:success.legUpdated'))
    }
    case 'set-leg-modes': {
      const modes = form.getAll('tfcModes').map(String)
      if (modes.length === 0) return invalid(intent, 'trip:validation.modeRequired')
      const before = version
      const result = await run((ctx) => tripService.updateLeg(ctx, { leg: { id: legId, tfcModes: modes }, version }))
      // Back / Next open the neighbouring leg's selector (spec 2.7: "back, ok and next buttons").
      const detail = await tripDetail(authed(context), id)
      const index = detail.trip.legs.findIndex((l) => String(l.id) === legId)
      const go = form.get('go')
      const target = go === 'next' ? detail.trip.legs[index + 1] : go === 'prev' ? detail.trip.legs[index - 1] : undefined
      if (target && detail.trip.way.allows.setModes) return redirect(`${at(`dialog=modes&leg=${target.id}`)}#modes`)
      const changed = before === undefined || String(result.version) !== before
      const back = at(`leg=${encodeURIComponent(legId)}`)
      return changed ? redirectWithToast(context, back, success('common:success.legUpdated')) : redirect(back)
    }
    case 'confirm': {
      await run((ctx) => tripService.confirmTrip(ctx, { id, version }))
      return redirectWithToast(context, here, success('common:success.wayConfirmed'))
    }
    case 'complete': {
      await run((ctx) => tripService.completeTrip(ctx, { id, version }))
      return redirectWithToast(context, here, success('common:success.wayUpdated'))
    }
    case 'delete-leg': {
      await run((ctx) => tripService.deleteLegs(ctx, { ids: [legId], version }))
      // Spec 4: after deleting, "the selection is cleared".
      return redirectWithToast(context, here, success('common:success.legDeleted'))
    }
    case 'copy-leg': {
      const { leg } = await run((ctx) => tripService.copyLeg(ctx, { id: legId, version }))
      return redirectWithToast(context, at(`leg=${leg.id}`), success('common:success.legCopied'))
    }
    case 'copy-trip': {
      const { trp } = await run((ctx) => tripService.copyTrip(ctx, { id, version }))
      return redirectWithToast(context, wayPath(trp.id, from), success('common:success.wayCopied'))
    }
    case 'delete-trip': {
      // Back to the list on an error too: after a double submit the way is gone (TRIP_NOT_FOUND).
      const listPage = listPath(from ?? 'all', 1)
      await runOrToast(context, listPage, (ctx) => tripService.deleteTrips(ctx, { trpIds: [id] }))
      return redirectWithToast(context, listPage, success('common:success.wayDeleted'))
    }
    default:
      throw data('Unknown intent', { status: 400 })
  }
}

const STATUS_ICON: Record<TripListStatus, IconName> = { reported: 'flag', questionnairesUnanswered: 'alert', unconfirmed: 'edit', confirmed: 'check' }
const STATUS_CLASS: Record<TripListStatus, string> = {
  reported: 'badge--reported',
  questionnairesUnanswered: 'badge--unanswered',
  unconfirmed: 'badge--unconfirmed',
  confirmed: 'badge--confirmed',
}

export default function TripDetailPage({ loaderData }: Route.ComponentProps) {
  const { trip, purposes, questionnaire, reasons, ends, locale } = loaderData
  const allows = trip.way.allows
  const { t } = useTranslation('trip')
  const location = useLocation()
  const actionData = useActionData<typeof action>() as Errors | undefined
  const root = useRootData()
  const search = new URLSearchParams(location.search)
  const pathname = location.pathname
  const dialog = search.get('dialog')
  const questionnaireView = questionnaire !== null
  // Spec 4: step 3's button "starts the questionnaires and selects the trip-level view".
  const step = loaderData.step === Step.BeforeQuestionnaires && questionnaireView ? Step.Questionnaires : loaderData.step
  const editable = allows.deleteWay
  const editLegs = allows.setPurposes
  const editModes = allows.setModes
  const legParam = Number(search.get('leg'))
  const selectedLeg = trip.legs.find((l) => l.id === legParam) ?? null
  const closeHref = hrefWith(pathname, search, { dialog: null })
  const error = (intent: string) => (actionData?.intent === intent ? actionData.error : undefined)

  const timeRange = t('detail.timeRange', {
    start: timeOf(trip.startTime),
    end: trip.endTime.slice(0, 10) === trip.startTime.slice(0, 10) ? timeOf(trip.endTime) : `${dateOf(trip.endTime)} ${timeOf(trip.endTime)}`,
  })
  // The same name as on the list's card: where the way went, else when.
  const names = nameParts(trip.name, trip.legs)
  const title = wayTitle(t, { ...names, from: ends.start?.name ?? null, to: ends.end?.name ?? null, times: timeRange }).text
  const modesText = trip.legs.map((l) => l.tfcModes.map((m) => t(`common:modes.${m.constant}`)).join('/')).join(', ')
  const mapLegs = trip.legs.map((l) => ({ id: l.id, geom: l.geom, mode: l.tfcModes[0]?.constant ?? 'UNKNOWN' }))
  const distance = formatDistance(trip.distance, locale)
  const legIndex = selectedLeg ? trip.legs.indexOf(selectedLeg) : -1

  return (
    <div className="stack stack--lg">
      <div className="trip-detail">
        <PageTitle>{`${title} – ${dateOf(trip.startTime)}`}</PageTitle>
        <header className="trip-detail__header">
          <Link className="trip-detail__back" to={loaderData.back}>
            <Icon name="chevron-left" />
            {t('detail.back')}
          </Link>
          <h1>{title}</h1>
          <p className={cx('trip-detail__purpose', !names.purposes && 'trip-detail__purpose--open')}>
            {names.purposes ? t('ways:card.purpose', { purposes: names.purposes }) : t('ways:card.purposeOpen')}
          </p>
          <dl className="trip-facts">
            <div>
              <dt>{t('detail.date')}</dt>
              <dd>{dateOf(trip.startTime)}</dd>
            </div>
            <div>
              <dt>{t('detail.time')}</dt>
              <dd>{timeRange}</dd>
            </div>
            <div>
              <dt>{t('detail.duration')}</dt>
              <dd>{formatDuration(trip.duration, locale)}</dd>
            </div>
            {distance ? (
              <div>
                <dt>{t('detail.distance')}</dt>
                <dd>{distance}</dd>
              </div>
            ) : null}
            <div>
              <dt>{t('detail.status')}</dt>
              <dd>
                <span className={cx('badge trip-status', STATUS_CLASS[trip.status])}>
                  <Icon name={STATUS_ICON[trip.status]} />
                  {t(`status.${trip.status}`)}
                </span>
              </dd>
            </div>
          </dl>
        </header>

        <section className="card trip-step" aria-labelledby="step-title">
          <StepProgress step={step} purposeHref={allows.setPurposes && step !== Step.Purpose ? hrefWith(pathname, search, { dialog: 'purpose', leg: null }, 'purpose') : null} />
          <StepBody step={step} trip={trip} pathname={pathname} search={search} />
          {loaderData.next ? (
            <p className="trip-step__next">
              <ButtonLink to={loaderData.next} variant={step === Step.Validated ? 'primary' : 'secondary'}>
                {t('detail.next')}
                <Icon name="chevron-right" />
              </ButtonLink>
            </p>
          ) : null}
        </section>

        <section className="trip-detail__map" aria-labelledby="trip-map-title" id="trip-map">
          {questionnaireView && questionnaire ? (
            <div className="card stack" id="questionnaire">
              <h2 id="trip-map-title">{t('questionnaire.title')}</h2>
              {questionnaire.pending ? (
                <QuestionnaireStep tripId={trip.id} data={questionnaire} />
              ) : (
                <>
                  <p>{t('questionnaire.nonePending')}</p>
                  <Form method="post">
                    <FormBasics intent="complete" version={trip.version} />
                    <SubmitButton variant="primary">{t('questionnaire.complete')}</SubmitButton>
                  </Form>
                </>
              )}
            </div>
          ) : (
            <>
              <h2 id="trip-map-title" className="visually-hidden">
                {t('map.title')}
              </h2>
              <TripMap
                legs={mapLegs}
                selectedLegId={selectedLeg?.id ?? null}
                tiles={root?.mapTileUrl ? { url: root.mapTileUrl, attribution: root.mapTileAttribution } : undefined}
                startName={ends.start?.name}
                endName={ends.end?.name}
                noBackgroundText={t('map.noBackground')}
                title={t('map.svgTitle')}
                description={t('map.desc', { count: trip.legs.length, start: timeOf(trip.startTime), end: timeOf(trip.endTime), modes: modesText })}
                emptyText={t('map.noRoute')}
                interactiveLabel={t('map.interactive')}
                zoomInTitle={t('map.zoomIn')}
                zoomOutTitle={t('map.zoomOut')}
              />
              <MapLegend legs={mapLegs} startName={ends.start?.name} endName={ends.end?.name} />
            </>
          )}
        </section>

        <section className="trip-detail__legs" aria-labelledby="legs-title">
          <h2 id="legs-title">{t('legs.title')}</h2>
          {editLegs && trip.legs.length > 1 ? <p className="text-small text-muted">{t('legs.deleteHint')}</p> : null}
          <LegList
            legs={trip.legs}
            version={trip.version}
            locale={locale}
            pathname={pathname}
            search={search}
            selectedLegId={selectedLeg?.id ?? null}
            editLegs={editLegs}
            editModes={editModes}
          />
          <div className="trip-detail__way-actions" role="group" aria-label={t('way.actions')}>
            <Form method="post">
              <FormBasics intent="copy-trip" version={trip.version} />
              <SubmitButton size="small">
                <Icon name="copy" />
                {t('way.copy')}
              </SubmitButton>
            </Form>
            {editable ? (
              <ButtonLink size="small" variant="danger" to={hrefWith(pathname, search, { dialog: 'delete' }, 'delete')} preventScrollReset>
                <Icon name="trash" />
                {t('way.delete')}
              </ButtonLink>
            ) : null}
          </div>
        </section>
      </div>

      {/* The dialogs sit outside the grid: without JS they are sections below the page (links jump to them). */}
      {editLegs ? (
        <PurposeDialog
          open={dialog === 'purpose'}
          closeHref={selectedLeg ? hrefWith(pathname, search, { dialog: null }) : closeHref}
          purposes={purposes}
          chosen={selectedLeg ? selectedLeg.tripPurposes.map((p) => p.id) : [...new Set(trip.legs.flatMap((l) => l.tripPurposes.map((p) => p.id)))]}
          leg={selectedLeg ? { id: selectedLeg.id, n: legIndex + 1 } : null}
          version={trip.version}
          error={error('set-purposes') ?? error('set-leg-purposes')}
        />
      ) : null}
      {editLegs && selectedLeg ? (
        <DeleteLegDialog open={dialog === 'delete-leg'} closeHref={closeHref} leg={selectedLeg} n={legIndex + 1} version={trip.version} />
      ) : null}
      {editModes && selectedLeg ? (
        <ModesDialog
          open={dialog === 'modes'}
          closeHref={closeHref}
          leg={selectedLeg}
          index={legIndex}
          count={trip.legs.length}
          version={trip.version}
          reportHref={reportDialogHref(trip.id, location.search)}
          error={error('set-leg-modes')}
        />
      ) : null}
      {allows.confirm ? <ConfirmDialog open={dialog === 'confirm'} closeHref={closeHref} trip={trip} /> : null}
      {editable ? <DeleteWayDialog open={dialog === 'delete'} closeHref={closeHref} version={trip.version} /> : null}
      {allows.report ? (
        <ReportDialog
          tripId={trip.id}
          reasons={reasons}
          open={dialog === 'report'}
          closeHref={hrefWith(pathname, search, { dialog: 'modes', trip: null }, 'modes')}
          returnTo={REPORT_FALLBACK}
          tripLabel={`${title}, ${dateOf(trip.startTime)} ${timeOf(trip.startTime)}–${timeOf(trip.endTime)}`}
        />
      ) : null}
    </div>
  )
}

/** The step bar; while the purpose can still be changed, its first step is a link to the purpose picker. */
function StepProgress({ step, purposeHref }: { step: Step; purposeHref: string | null }) {
  const { t } = useTranslation('trip')
  const current = step === Step.Purpose ? 0 : step === Step.TrafficModes ? 1 : step === Step.Validated ? 3 : 2
  const names = [t('steps.names.purpose'), t('steps.names.modes'), t('steps.names.questionnaires')]
  return (
    <ol className="step-progress" aria-label={t('steps.label')}>
      {names.map((name, i) => (
        <li key={name} className={cx(i < current && 'is-done', i === current && 'is-current')} aria-current={i === current ? 'step' : undefined}>
          <span className="step-progress__n" aria-hidden="true">
            {i < current ? <Icon name="check" /> : i + 1}
          </span>
          {i === 0 && purposeHref ? (
            <Link to={purposeHref} preventScrollReset>
              {name}
            </Link>
          ) : (
            name
          )}
        </li>
      ))}
    </ol>
  )
}

function StepBody({ step, trip, pathname, search }: { step: Step; trip: Route.ComponentProps['loaderData']['trip']; pathname: string; search: URLSearchParams }) {
  const { t } = useTranslation('trip')
  const allows = trip.way.allows
  const key = step === Step.Purpose ? 'purpose' : step === Step.TrafficModes ? 'modes' : step === Step.Validated ? 'validated' : 'questionnaires'
  return (
    <div className="stack stack--sm">
      <h2 id="step-title">{t(`steps.${key}.title`)}</h2>
      <p>{t(`steps.${key}.text`)}</p>
      {trip.way.state === 'reported' ? (
        <Notice>
          <p>{t('review17.reported')}</p>
          <Form method="post">
            <input type="hidden" name="intent" value="withdraw-report" />
            <input type="hidden" name="tripId" value={trip.id} />
            <input type="hidden" name="returnTo" value={pathname} />
            <SubmitButton variant="primary">{t('review17.withdraw')}</SubmitButton>
          </Form>
        </Notice>
      ) : null}
      {step === Step.Purpose && allows.setPurposes ? (
        <ButtonLink variant="primary" block to={hrefWith(pathname, search, { dialog: 'purpose', leg: null }, 'purpose')} preventScrollReset>
          {t('steps.purpose.button')}
        </ButtonLink>
      ) : null}
      {allows.confirm ? (
        <ButtonLink variant="primary" block to={hrefWith(pathname, search, { dialog: 'confirm' }, 'confirm')} preventScrollReset>
          <Icon name="check" />
          {t('steps.modes.button')}
        </ButtonLink>
      ) : null}
      {step !== Step.Purpose && allows.setPurposes ? (
        <ButtonLink block to={hrefWith(pathname, search, { dialog: 'purpose', leg: null }, 'purpose')} preventScrollReset>
          <Icon name="edit" />
          {t('review17.changePurpose')}
        </ButtonLink>
      ) : null}
      {step === Step.BeforeQuestionnaires && allows.answerQuestions ? (
        <ButtonLink variant="primary" block to={hrefWith(pathname, search, { view: 'questionnaire', dialog: null }, 'questionnaire')}>
          {t('steps.questionnaires.button')}
        </ButtonLink>
      ) : null}
      {step === Step.Questionnaires ? (
        <Link className={buttonClass({ block: true })} to={hrefWith(pathname, search, { view: null, dialog: null })}>
          {t('steps.questionnaires.backToMap')}
        </Link>
      ) : null}
      {allows.editManual ? (
        <ButtonLink block to={`/ways/edit/${trip.id}`}>
          <Icon name="edit" />
          {t('review17.editManual')}
        </ButtonLink>
      ) : null}
      {trip.creationType === 'CREATED_MANUALLY' ? <p className="text-small text-muted">{t('detail.manual')}</p> : null}
    </div>
  )
}

function MapLegend({ legs, startName, endName }: { legs: { mode: string }[]; startName?: string | null; endName?: string | null }) {
  const { t } = useTranslation('trip')
  const modes = [...new Set(legs.map((l) => l.mode))]
  return (
    <ul className="map-legend" aria-label={t('map.legend')}>
      <li>
        <span className="map-legend__start" aria-hidden="true" />
        {startName ? t('map.named', { label: t('map.start'), name: startName }) : t('map.start')}
      </li>
      <li>
        <span className="map-legend__end" aria-hidden="true" />
        {endName ? t('map.named', { label: t('map.end'), name: endName }) : t('map.end')}
      </li>
      {modes.map((m) => (
        <li key={m}>
          <span className="map-legend__line" style={{ backgroundColor: modeColor(m) }} aria-hidden="true" />
          {t(`common:modes.${m}`)}
        </li>
      ))}
    </ul>
  )
}
