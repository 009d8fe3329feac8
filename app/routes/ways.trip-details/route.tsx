// /ways/tripDetails/:id, the way's page in steps: the header (date, start and end
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
// Every action is a form post with an `intent` and the way's `version`, dispatched by ./actions.server.ts. A post
// from an old version comes back to its dialog holding what was entered (`&retry=`), or, for a one-tap request (copy,
// split, merge, undo, complete), to `?dialog=again&do=<request>`, which offers it again as it can be made now.
import { data, Form, Link, useLocation } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { Route } from './+types/route'
import { useRootData } from '~/root'
import { authed, req } from '~/lib/context.server'
import { runIntent } from '~/lib/intents.server'
import { idParam } from '~/lib/route-params'
import { revalidateUnlessDialogOnly } from '~/lib/dialog-revalidation'
import { WAY_DIALOGS } from '~/domain/dialogUrl'
import { PageTitle } from '~/components/layout/PageTitle'
import { isListFilter, LIST_FILTER_PARAMS, listCardHref, wayPath } from '~/domain/waysUrls'
import { ServiceError } from '~/services/core.server'
import { reportReasons } from '~/lib/way-calls.server'
import { wayView } from '~/lib/way-view'
import { tripDetail } from '~/services/trip/edit.server'
import { listPageOf, nextOpenWay } from '~/services/trip/navigation.server'
import { loadQuestionnaireStep } from '~/services/questionnaire-step.server'
import { questionnaireStepFrom } from '~/lib/questionnaire-form.server'
import { wayEndNames } from '~/services/place-names.server'
import { segmentationView } from '~/services/trip/segmentation-view.server'
import { SegmentationActions } from '~/components/trip/detail/Segmentation'
import { QuestionnaireStep } from '~/components/questionnaire/QuestionnaireStep'
import { TripMap } from '~/components/map/TripMap'
import { wayTitle } from '~/components/trip/wayTitle'
import { LegList } from '~/components/trip/detail/LegList'
import { MapLegend } from '~/components/trip/detail/MapLegend'
import { StatusBadge } from '~/components/trip/detail/StatusBadge'
import { StepBody, StepProgress } from '~/components/trip/detail/StepPanel'
import { FormBasics, SubmitButton, hrefWith, timeOf } from '~/components/trip/detail/shared'
import { Icon } from '~/components/icons/ModeSprite'
import { ButtonLink, cx } from '~/components/ui'
import { nameParts } from '~/domain/tripName'
import { dayTimeToDisplayDate as dateOf } from '~/domain/displayDate'
import { Step } from '~/domain/steps'
import { formatDistance } from '~/domain/distance'
import { formatDuration } from '~/domain/duration'
import { drawnLegs } from '~/domain/simplify'
import { parseLatLonInput } from '~/domain/geoAnswer'
import { tripDetailActions } from './actions.server'
import { selectedLegOf, WayDialogs } from './way-dialogs'

export async function loader({ url, params, context }: Route.LoaderArgs) {
  const id = idParam(params.id)
  const ctx = authed(context)
  const detail = await tripDetail(ctx, id).catch((e: unknown) => {
    if (e instanceof ServiceError && e.constant === 'TRIP_NOT_FOUND') throw data('Not found', { status: 404 })
    throw e
  })
  const dialog = url.searchParams.get('dialog')
  const inQuestionnaireSteps = detail.step === Step.BeforeQuestionnaires || detail.step === Step.Questionnaires
  const questionnaireView = inQuestionnaireSteps && url.searchParams.get('view') === 'questionnaire'
  const questionnaire = questionnaireView
    ? await loadQuestionnaireStep(ctx, id, questionnaireStepFrom(url.searchParams))
    : null
  // Every dialog of the page opens from what this loader gave, whatever `?dialog=` says (ADR 299): the report's
  // reasons come along whenever the way can be reported. Only the split dialog's points depend on the URL (below).
  const reasons = detail.trip.way.allows.report ? await reportReasons(ctx) : []
  // Every view of the way names it alike (the questions view too): its ends are named on each of them.
  const ends = await wayEndNames(ctx, detail.trip.legs)
  // Back to the tab, page and card the way was opened from; once confirmed, on to the next way to review.
  const listParam = url.searchParams.get('list')
  const from = isListFilter(listParam) ? listParam : 'all'
  const back = listCardHref(from, await listPageOf(ctx, detail.trip, LIST_FILTER_PARAMS[from]), id)
  const nextId = detail.trip.way.allows.answerQuestions ? await nextOpenWay(ctx, id) : null
  // ?dialog=split&leg=ID lists the leg's points; &at=LAT,LON is where its track was tapped on the map. A split offered
  // again after a post from an old version (?dialog=again&do=split) names its point from the same list.
  const splitting = dialog === 'split' || (dialog === 'again' && url.searchParams.get('do') === 'split')
  const segmentation = await segmentationView(
    ctx,
    detail.trip,
    splitting
      ? {
          legId: Number(url.searchParams.get('leg')),
          at: dialog === 'split' ? parseLatLonInput(url.searchParams.get('at')) : null,
        }
      : { legId: null, at: null },
  )
  return {
    ...detail,
    // The route as drawn: simplified here, so neither the page nor its data grows with the recording.
    trip: wayView({ ...detail.trip, legs: drawnLegs(detail.trip.legs) }),
    segmentation,
    questionnaire,
    reasons,
    ends,
    back,
    next: nextId ? wayPath(nextId, from) : null,
    locale: req(context).locale,
  }
}

// Opening, closing or changing a dialog (purpose, modes, confirm, delete, report, a leg selected: only the dialog's
// own parameters change) keeps this page's data: the page reads which dialog is open from the URL and opens it from
// what it has, with no request to the server. The split dialog is the exception: its points and where the track was
// tapped are computed by the server from the URL, so going into or out of it loads. A post revalidates as always.
// The rule: domain/dialogUrl.ts (WAY_DIALOGS); why: docs/decisions/299-dialogs-open-without-revalidation.md.
export const shouldRevalidate = revalidateUnlessDialogOnly(WAY_DIALOGS)

export async function action({ request, url, params, context }: Route.ActionArgs) {
  const id = idParam(params.id)
  const list = url.searchParams.get('list')
  const from = isListFilter(list) ? list : null
  // The way's page keeps the list tab it was opened from across every post.
  return runIntent(tripDetailActions, await request.formData(), { context, id, from, back: wayPath(id, from) })
}

export default function WaysTripDetails({ loaderData }: Route.ComponentProps) {
  const { trip, questionnaire, ends, locale, segmentation } = loaderData
  const allows = trip.way.allows
  const { t } = useTranslation('trip')
  const location = useLocation()
  const root = useRootData()
  const search = new URLSearchParams(location.search)
  const pathname = location.pathname
  const questionnaireView = questionnaire !== null
  // Step 3's button starts the questionnaires and selects the way-level view.
  const step =
    loaderData.step === Step.BeforeQuestionnaires && questionnaireView ? Step.Questionnaires : loaderData.step
  const editable = allows.deleteWay
  const editLegs = allows.setPurposes
  const editModes = allows.setModes
  const { leg: selectedLeg } = selectedLegOf(trip.legs, search)

  const timeRange = t('detail.timeRange', {
    start: timeOf(trip.startTime),
    end:
      trip.endTime.slice(0, 10) === trip.startTime.slice(0, 10)
        ? timeOf(trip.endTime)
        : `${dateOf(trip.endTime)} ${timeOf(trip.endTime)}`,
  })
  // The same name as on the list's card: where the way went, else when.
  const names = nameParts(trip.name, trip.legs)
  const title = wayTitle(t, {
    ...names,
    from: ends.start?.name ?? null,
    to: ends.end?.name ?? null,
    times: timeRange,
  }).text
  const modesText = trip.legs.map((l) => l.modes.map((m) => t(`common:modes.${m.constant}`)).join('/')).join(', ')
  const mapLegs = trip.legs.map((l) => ({ id: l.id, points: l.points, mode: l.modes[0]?.constant ?? 'UNKNOWN' }))
  const distance = formatDistance(trip.distance, locale)

  return (
    <div className="stack stack--lg">
      {/* The dialogs come first: without JS an open dialog is the page's first content, so it and its error are on the
          first screen; with JS it is a modal <dialog> and its place does not matter. */}
      <WayDialogs
        t={t}
        data={loaderData}
        pathname={pathname}
        wayLabel={`${title}, ${dateOf(trip.startTime)} ${timeOf(trip.startTime)}–${timeOf(trip.endTime)}`}
      />
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
                <StatusBadge status={trip.status} />
              </dd>
            </div>
          </dl>
        </header>

        <section className="card trip-step" aria-labelledby="step-title">
          <StepProgress
            step={step}
            purposeHref={
              allows.setPurposes && step !== Step.Purpose
                ? hrefWith(pathname, search, { dialog: 'purpose', leg: null }, 'purpose')
                : null
            }
          />
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
                description={t('map.desc', {
                  count: trip.legs.length,
                  start: timeOf(trip.startTime),
                  end: timeOf(trip.endTime),
                  modes: modesText,
                })}
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
              <ButtonLink
                size="small"
                variant="danger"
                to={hrefWith(pathname, search, { dialog: 'delete' }, 'delete')}
                preventScrollReset
              >
                <Icon name="trash" />
                {t('way.delete')}
              </ButtonLink>
            ) : null}
          </div>
          <SegmentationActions
            trip={trip}
            view={segmentation}
            splitHref={
              allows.split ? hrefWith(pathname, search, { dialog: 'split', leg: null, at: null }, 'split') : null
            }
          />
        </section>
      </div>
    </div>
  )
}
