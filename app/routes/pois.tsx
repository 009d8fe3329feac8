// /pois — places of interest. Login and authorization required (routes/_authorized shows unauthorized
// users a "no access" page; this loader then returns nothing). Dialogs are URLs (ADR 005): ?dialog=add,
// ?dialog=edit&poi=ID (development mode, entries without a status), ?dialog=delete&poi=ID. Posts go through an
// intent table (add, update, delete); the place search is a GET of the add/edit form (q=…).
import { data, Form, useActionData, useSearchParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { Route } from './+types/pois'
import { authed, req } from '~/lib/context.server'
import { errorToast, redirectWithToast, runOrToast, success } from '~/lib/http.server'
import { handler, runIntent } from '~/lib/intents.server'
import { fieldError, replyFor } from '~/lib/forms'
import { PoiDeleteSchema, PoiSaveSchema } from '~/lib/trip-forms'
import type { Ctx } from '~/lib/context.server'
import { PageTitle } from '~/components/layout/PageTitle'
import { ServiceError } from '~/services/core.server'
import { poiImageUrl } from '~/services/poi.server'
import { addPlace, deletePlace, listPlaces, updatePlace, type Place } from '~/lib/place-calls.server'
import { searchPlaces, type PlaceResult } from '~/services/geocoder.server'
import { canShowPoiEdit, verificationState, type PoiProblem } from '~/domain/poi'
import { Button, ButtonLink, Dialog, DialogCloseLink, EmptyState } from '~/components/ui'
import { Icon } from '~/components/icons/ModeSprite'
import { PoiCard, type PlaceView } from '~/components/pois/PoiCard'
import { PoiForm, type PoiDraft, type PoiFormErrors, type PoiSearchState } from '~/components/pois/PoiForm'

type DialogName = 'add' | 'edit' | 'delete'

export async function loader({ url, context }: Route.LoaderArgs) {
  const env = req(context).app.env
  const ctx = authed(context)
  let list: Place[]
  try {
    list = await listPlaces(ctx)
  } catch (e) {
    // Not authorized: the layout shows the "no access" page; nothing of the participant's goes out.
    if (e instanceof ServiceError && e.constant === 'NOT_AUTHORIZED') return { authorized: false as const }
    throw e
  }
  const q = url.searchParams
  const devMode = env.DEV_MODE
  const places: PlaceView[] = list.map((p) => ({
    id: p.id,
    name: p.name,
    description: p.description,
    state: verificationState(p.verificationStatus),
    imageUrl: poiImageUrl(env, p),
    canEdit: canShowPoiEdit(devMode, p.verificationStatus),
  }))

  let dialog = (['add', 'edit', 'delete'] as const).find((d) => d === q.get('dialog')) ?? null
  const target =
    dialog === 'edit' || dialog === 'delete' ? (list.find((p) => String(p.id) === q.get('poi')) ?? null) : null
  if ((dialog === 'edit' || dialog === 'delete') && !target) dialog = null
  if (dialog === 'edit' && !canShowPoiEdit(devMode, target!.verificationStatus)) dialog = null

  // Place search (add and edit dialogs): never a 500 — a failing geocoder becomes a notice.
  const query = (q.get('q') ?? '').trim().slice(0, 200)
  let results: PlaceResult[] | null = null
  // Why the search found nothing to show: the geocoder failed, or too many searches wait for it (HTTP 429).
  let failed: PoiSearchState['failed'] = null
  if ((dialog === 'add' || dialog === 'edit') && query) {
    try {
      results = await searchPlaces(ctx, query)
    } catch (e) {
      if (!(e instanceof ServiceError)) throw e
      failed = e.constant === 'TOO_MANY_REQUESTS' ? 'busy' : 'failed'
    }
  }
  // What the form held when "Search" sent it (GET), so nothing typed is lost without JavaScript.
  const fromQuery = q.has('name') || q.has('lat') || q.has('lon')
  const draft: PoiDraft = fromQuery
    ? {
        name: q.get('name') ?? '',
        lat: q.get('lat') ?? '',
        lon: q.get('lon') ?? '',
        place: q.get('place') ?? '',
        verified: q.get('verified') === 'on',
      }
    : target && dialog === 'edit'
      ? { name: target.name, lat: String(target.lat), lon: String(target.lon), place: '', verified: false }
      : { name: '', lat: '', lon: '', place: '', verified: false }

  const page = {
    authorized: true as const,
    places,
    devMode,
    tiles: env.MAP_TILE_URL ? { url: env.MAP_TILE_URL, attribution: env.MAP_TILE_ATTRIBUTION } : undefined,
    dialog: dialog as DialogName | null,
    target: target ? { id: target.id, name: target.name } : null,
    search: { query, results, failed, geocoder: Boolean(env.GEOCODER_URL) },
    draft,
  }
  return failed === 'busy' ? data(page, { status: 429 }) : page
}

const FIELD_CONSTANTS = new Set(['POI_NAME_REQUIRED', 'POI_POSITION_REQUIRED', 'POI_INVALID_COORDINATES'])

type PoiArgs = { context: Ctx }

/** Add and update: the service checks name and position; its problems come back next to their fields. */
const save = (mode: 'add' | 'update') =>
  handler(
    PoiSaveSchema,
    async (
      { id, name = '', lat: latText = '', lon: lonText = '', place = '', verified },
      { context }: PoiArgs,
      submission,
    ) => {
      const chosen = place && place !== 'coords' ? place.split(';') : null
      const lat = chosen ? (chosen[0] ?? '') : latText
      const lon = chosen ? (chosen[1] ?? '') : lonText
      const devMode = req(context).app.env.DEV_MODE
      try {
        if (mode === 'add') {
          // Development mode: the checkbox decides between verified and "no status"; otherwise the service default.
          const status = devMode ? { verificationStatus: verified ? true : null } : {}
          await addPlace(authed(context), { name, lat, lon, ...status })
        } else {
          await updatePlace(authed(context), { id, name, lat, lon })
        }
      } catch (e) {
        if (!(e instanceof ServiceError)) throw e
        if (FIELD_CONSTANTS.has(e.constant)) {
          const fieldErrors: Record<string, string[]> = {}
          for (const p of (e.details?.problems as PoiProblem[] | undefined) ?? [])
            fieldErrors[p.field] ??= [`errors:${p.constant}`]
          return data(submission.reply({ fieldErrors }), { status: 400 })
        }
        if (e.constant === 'INVALID_PARAMS')
          return data(submission.reply({ formErrors: ['errors:INVALID_PARAMS'] }), { status: 400 })
        throw redirectWithToast(context, '/pois', errorToast(e))
      }
      return redirectWithToast(
        context,
        '/pois',
        success(mode === 'add' ? 'common:success.poiAdded' : 'common:success.poiUpdated'),
      )
    },
  )

const poiActions = {
  add: save('add'),
  update: save('update'),
  delete: handler(PoiDeleteSchema, async ({ id }, { context }: PoiArgs) => {
    await runOrToast(context, '/pois', (ctx) => deletePlace(ctx, id))
    return redirectWithToast(context, '/pois', success('common:success.poiDeleted'))
  }),
}

export async function action({ request, context }: Route.ActionArgs) {
  return runIntent(poiActions, await request.formData(), { context })
}

/** What the form held when it was posted (the reply's values), so nothing typed is lost. */
function postedDraft(values: Record<string, unknown> | null | undefined): PoiDraft | null {
  if (!values) return null
  const text = (k: string) => (typeof values[k] === 'string' ? (values[k] as string) : '')
  return {
    name: text('name'),
    lat: text('lat'),
    lon: text('lon'),
    place: text('place'),
    verified: values.verified === 'on',
  }
}

export default function Pois({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('pois')
  const actionData = useActionData<typeof action>()
  const [searchParams] = useSearchParams()
  if (!loaderData.authorized) return null
  const { places, dialog, target, search, devMode, tiles } = loaderData
  const reply = replyFor(actionData, 'add', 'update')
  const draft = postedDraft(reply?.initialValue) ?? loaderData.draft
  const errors: PoiFormErrors = {
    name: fieldError(reply, 'name'),
    position: fieldError(reply, 'position'),
    form: fieldError(reply, ''),
  }
  // The form state lives in the dialog; a new search or another target starts it afresh.
  const formKey = `${dialog}-${target?.id ?? ''}-${searchParams.get('q') ?? ''}`

  return (
    <section className="stack">
      <PageTitle>{t('title')}</PageTitle>
      <div className="page-header">
        <h1>{t('title')}</h1>
        <ButtonLink to="?dialog=add#add" variant="primary" preventScrollReset>
          <Icon name="plus" />
          {t('add')}
        </ButtonLink>
      </div>
      <p className="text-muted">{t('intro')}</p>

      {places.length ? (
        <ul className="poi-list" aria-label={t('list.label')}>
          {places.map((p) => (
            <PoiCard key={p.id} place={p} />
          ))}
        </ul>
      ) : (
        <EmptyState icon="map-pin" title={t('empty.title')}>
          <p>{t('empty.text')}</p>
        </EmptyState>
      )}

      <Dialog
        id="add"
        title={t('addDialog.title')}
        open={dialog === 'add'}
        closeHref="/pois"
        closeLabel={t('common:actions.close')}
        className="dialog--wide"
      >
        <PoiForm
          key={formKey}
          mode="add"
          draft={draft}
          search={search}
          errors={errors}
          devMode={devMode}
          tiles={tiles}
        />
      </Dialog>

      <Dialog
        id="edit"
        title={t('editDialog.title')}
        open={dialog === 'edit' && !!target}
        closeHref="/pois"
        closeLabel={t('common:actions.close')}
        className="dialog--wide"
      >
        {target ? (
          <PoiForm
            key={formKey}
            mode="edit"
            poiId={target.id}
            draft={draft}
            search={search}
            errors={errors}
            devMode={devMode}
            tiles={tiles}
          />
        ) : null}
      </Dialog>

      <Dialog
        id="delete"
        title={t('deleteDialog.title')}
        open={dialog === 'delete' && !!target}
        closeHref="/pois"
        closeLabel={t('common:actions.close')}
      >
        {target ? (
          <Form method="post" className="stack">
            <p>{t('deleteDialog.question', { name: target.name })}</p>
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="id" value={target.id} />
            <div className="dialog__actions">
              <DialogCloseLink>{t('common:actions.cancel')}</DialogCloseLink>
              <Button variant="danger">{t('deleteDialog.confirm')}</Button>
            </div>
          </Form>
        ) : null}
      </Dialog>
    </section>
  )
}
