// The add-place and edit-place form: the place search, the map and "use my position" (with JavaScript), the
// coordinates, the name and, when adding in development mode, the verification checkbox. Each of these is one way
// to give the position; none depends on another (the map may not load). One <form>: "Search" sends it as a GET (so what was
// typed survives the search without JavaScript), "Save" posts it with its intent. The rules live in the service;
// errors come back from the action as i18n keys.
import { useRef, useState, type KeyboardEvent } from 'react'
import { Form } from 'react-router'
import { useTranslation } from 'react-i18next'
import { ClientOnly } from 'remix-utils/client-only'
import { useHydrated } from 'remix-utils/use-hydrated'
import { Button, Choice, DialogCloseLink, Field, Fieldset, Notice } from '~/components/ui'
import { PickMap } from '~/components/map/PickMap'
import type { TileSource } from '~/components/map/tile-source'
import { UsePosition } from '~/components/map/UsePosition'
import { useBrowserFields } from '~/components/form/browserFields'
import { ADD_PLACE_ZOOM, DEFAULT_MAP_CENTRE, parseCoordinate, validLatLon } from '~/domain/poi'

interface PlaceOption {
  name: string
  label: string
  lat: number
  lon: number
}

export interface PoiDraft {
  name: string
  lat: string
  lon: string
  /** 'lat;lon' of a chosen search result, or 'coords' / '' for the coordinate inputs. */
  place: string
  verified: boolean
}

export interface PoiFormErrors {
  name?: string
  position?: string
  form?: string
}

export interface PoiSearchState {
  query: string
  results: PlaceOption[] | null
  /** The search could not be answered: the geocoder failed, or too many searches are waiting for it. */
  failed: 'failed' | 'busy' | null
  /** true: an external geocoder answers; false: the participant's own places are searched. */
  geocoder: boolean
}

const placeValue = (p: { lat: number; lon: number }) => `${p.lat};${p.lon}`

export function PoiForm({
  mode,
  poiId,
  draft,
  search,
  errors,
  devMode,
  tiles,
}: {
  mode: 'add' | 'edit'
  poiId?: number
  draft: PoiDraft
  search: PoiSearchState
  errors: PoiFormErrors
  devMode: boolean
  tiles: TileSource | undefined
}) {
  const { t } = useTranslation('pois')
  const hydrated = useHydrated()
  const [lat, setLat] = useState(draft.lat)
  const [lon, setLon] = useState(draft.lon)
  const [place, setPlace] = useState(draft.place || 'coords')
  const nameRef = useRef<HTMLInputElement>(null)
  // The coordinates are the browser's own fields (not controlled), so what a participant typed before the page's
  // JavaScript arrived is kept; the state follows them for the map's marker. A search result chosen before then is
  // taken over as if chosen now.
  const latRef = useRef<HTMLInputElement>(null)
  const lonRef = useRef<HTMLInputElement>(null)
  const formRef = useBrowserFields<HTMLFormElement>((form) => {
    if (latRef.current) setLat(latRef.current.value)
    if (lonRef.current) setLon(lonRef.current.value)
    const picked = form.querySelector<HTMLInputElement>('input[name="place"]:checked')
    if (picked && !picked.defaultChecked) choose(picked.value)
  })
  const setCoords = (la: string, lo: string) => {
    setLat(la)
    setLon(lo)
    if (latRef.current) latRef.current.value = la
    if (lonRef.current) lonRef.current.value = lo
  }
  const saveRef = useRef<HTMLButtonElement>(null)
  const id = (s: string) => `${mode}-${s}`

  const latN = parseCoordinate(lat)
  const lonN = parseCoordinate(lon)
  const position = latN != null && lonN != null && validLatLon(latN, lonN) ? { lat: latN, lon: lonN } : null
  const results = search.results ?? []
  const centre = results[0] ?? DEFAULT_MAP_CENTRE

  const pick = (la: number, lo: number) => {
    setCoords(la.toFixed(6), lo.toFixed(6))
    setPlace('coords')
  }
  const choose = (value: string) => {
    setPlace(value)
    const r = results.find((x) => placeValue(x) === value)
    if (!r) return
    setCoords(String(r.lat), String(r.lon))
    if (nameRef.current && !nameRef.current.value.trim()) nameRef.current.value = r.name
  }
  // Enter in the search box searches; Enter anywhere else saves (the first submit button would search).
  const onKeyDown = (e: KeyboardEvent<HTMLFormElement>) => {
    const target = e.target as HTMLElement
    if (e.key !== 'Enter' || !(target instanceof HTMLInputElement) || target.name === 'q') return
    e.preventDefault()
    saveRef.current?.click()
  }

  const positionError =
    errors.position === 'errors:POI_POSITION_REQUIRED' && !hydrated
      ? t('form.positionRequiredNoMap')
      : errors.position
        ? t(errors.position)
        : undefined
  const positionErrorId = `${id('position')}-error`

  return (
    <Form ref={formRef} method="post" noValidate className="poi-form" onKeyDown={onKeyDown}>
      <input type="hidden" name="intent" value={mode === 'add' ? 'add' : 'update'} />
      <input type="hidden" name="dialog" value={mode} />
      {poiId != null ? (
        <>
          <input type="hidden" name="poi" value={poiId} />
          <input type="hidden" name="id" value={poiId} />
        </>
      ) : null}
      {errors.form ? (
        <Notice type="error" role="alert">
          <p>{t(errors.form)}</p>
        </Notice>
      ) : null}
      {mode === 'edit' ? (
        <Notice>
          <p>{t('editDialog.info')}</p>
        </Notice>
      ) : null}

      <div className="field">
        <label className="field__label" htmlFor={id('q')}>
          {t('form.search')}
        </label>
        <p className="field__hint" id={id('q-hint')}>
          {search.geocoder ? t('form.searchHintGeocoder') : t('form.searchHintOwn')}
        </p>
        <div className="poi-search">
          <input
            type="search"
            name="q"
            id={id('q')}
            defaultValue={search.query}
            maxLength={200}
            autoComplete="off"
            enterKeyHint="search"
            aria-describedby={id('q-hint')}
          />
          <Button formMethod="get" formAction={`/pois#${mode}`} formNoValidate>
            {t('form.searchButton')}
          </Button>
        </div>
      </div>

      {search.failed ? (
        <Notice type="warning" role="status">
          <p>{t(search.failed === 'busy' ? 'form.searchBusy' : 'errors:GEOCODER_FAILED')}</p>
        </Notice>
      ) : search.results && search.query ? (
        <p role="status" className="text-muted">
          {results.length ? t('form.found', { count: results.length }) : t('form.noResults', { q: search.query })}
        </p>
      ) : null}

      {results.length ? (
        <Fieldset legend={t('form.results')} hint={t('form.resultsHint')} id={id('results')}>
          <div className="checkbox-list">
            {results.map((r) => {
              const value = placeValue(r)
              return (
                <Choice
                  key={value}
                  type="radio"
                  name="place"
                  value={value}
                  label={r.name}
                  hint={r.label !== r.name ? r.label : undefined}
                  checked={place === value}
                  onChange={() => choose(value)}
                />
              )
            })}
            <Choice
              type="radio"
              name="place"
              value="coords"
              label={t('form.useCoordinates')}
              checked={place === 'coords' || !results.some((r) => placeValue(r) === place)}
              onChange={() => setPlace('coords')}
            />
          </div>
        </Fieldset>
      ) : null}

      <ClientOnly>
        {() => (
          <div className="poi-form__map stack--sm">
            <PickMap
              points={position ? [{ ...position, label: '', active: true }] : []}
              centre={centre}
              zoom={ADD_PLACE_ZOOM}
              tiles={tiles}
              label={t('form.map')}
              hint={t('form.mapHint')}
              markerLabel={t('form.marker')}
              onPick={pick}
            />
            <UsePosition onPosition={pick} />
          </div>
        )}
      </ClientOnly>

      <Fieldset legend={t('form.position')} hint={t('form.positionHint')} error={positionError} id={id('position')}>
        <div className="poi-coords">
          <Field label={t('form.lat')}>
            <input
              type="text"
              inputMode="decimal"
              name="lat"
              id={id('lat')}
              ref={latRef}
              defaultValue={draft.lat}
              onChange={(e) => {
                setLat(e.target.value)
                setPlace('coords')
              }}
              autoComplete="off"
              maxLength={40}
              aria-invalid={positionError ? true : undefined}
              aria-describedby={positionError ? positionErrorId : undefined}
            />
          </Field>
          <Field label={t('form.lon')}>
            <input
              type="text"
              inputMode="decimal"
              name="lon"
              id={id('lon')}
              ref={lonRef}
              defaultValue={draft.lon}
              onChange={(e) => {
                setLon(e.target.value)
                setPlace('coords')
              }}
              autoComplete="off"
              maxLength={40}
              aria-invalid={positionError ? true : undefined}
              aria-describedby={positionError ? positionErrorId : undefined}
            />
          </Field>
        </div>
      </Fieldset>

      <Field label={t('form.name')} hint={t('form.nameHint')} error={errors.name ? t(errors.name) : undefined}>
        <input
          ref={nameRef}
          type="text"
          name="name"
          id={id('name')}
          defaultValue={draft.name}
          maxLength={200}
          autoComplete="off"
          aria-required="true"
        />
      </Field>

      {mode === 'add' && devMode ? (
        <Choice
          name="verified"
          label={t('form.devVerified')}
          hint={t('form.devVerifiedHint')}
          defaultChecked={draft.verified}
        />
      ) : null}

      <div className="dialog__actions">
        <DialogCloseLink>{t('common:actions.cancel')}</DialogCloseLink>
        <Button ref={saveRef} variant="primary">
          {t('form.save')}
        </Button>
      </div>
    </Form>
  )
}
