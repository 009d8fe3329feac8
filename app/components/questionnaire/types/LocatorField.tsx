// SINGLE_LOCATOR / MULTIPLE_LOCATOR: one point per field (a MULTIPLE_LOCATOR has a field per option). Without
// JavaScript a field is answered by picking one of the participant's saved places or typing an address or
// "lat, lon" (the server looks it up); with JavaScript "use my position" is added, and a map on which a tap places
// the point of the active field (when its tiles load). The point travels in the hidden field o<optId> as
// "lat, lon"; the server stores GeoJSON. What was chosen or typed before the JavaScript arrived is taken over.
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useHydrated } from 'remix-utils/use-hydrated'
import { field } from '~/domain/answerInput'
import { latLonInputText, parseLatLonInput } from '~/domain/geoAnswer'
import { fieldsNamed, useBrowserFields } from '~/components/form/browserFields'
import { PickMap } from '~/components/map/PickMap'
import { UsePosition } from '~/components/map/UsePosition'
import { DEFAULT_CENTER } from '~/domain/geometry'
import { ADD_PLACE_ZOOM } from '~/domain/poi'
import { one, type FieldProps } from './parts'

const near = (a: { lat: number; lon: number }, b: { lat: number; lon: number }) =>
  Math.abs(a.lat - b.lat) < 1e-5 && Math.abs(a.lon - b.lon) < 1e-5

export function LocatorField({ q, state, places, tiles }: FieldProps) {
  const { t } = useTranslation('questionnaire')
  const base = useId()
  const options = q.rows[0].options
  const hydrated = useHydrated()
  const [points, setPoints] = useState(() => options.map((o) => one(state[field.value(o.id)])))
  const [chosen, setChosen] = useState(() => options.map(() => ''))
  const [typed, setTyped] = useState(() => options.map(() => ''))
  const [active, setActive] = useState(0)
  const label = (i: number) => options[i].text || t('place.yourPlace')

  const setAt = <T,>(list: T[], i: number, v: T) => list.map((x, j) => (j === i ? v : x))
  /** The point a choice in the saved-places list gives (null: the choice leaves the point as it is). */
  const chosenPoint = (v: string) => {
    const place = v.startsWith('poi:') ? places.find((p) => `poi:${p.id}` === v) : undefined
    return place ? latLonInputText(place) : v === 'clear' ? '' : null
  }
  const ref = useBrowserFields<HTMLDivElement>((root) => {
    const now = (name: string) => fieldsNamed(root, name)[0]?.value ?? ''
    const c = options.map((o) => now(field.poi(o.id)))
    setChosen(c)
    setTyped(options.map((o) => now(field.where(o.id))))
    setPoints(points.map((p, i) => chosenPoint(c[i]) ?? p))
  })
  const pick = (lat: number, lon: number) => {
    setPoints(setAt(points, active, latLonInputText({ lat, lon })))
    setChosen(setAt(chosen, active, ''))
    setTyped(setAt(typed, active, ''))
  }
  const mapPoints = points
    .map((p, i) => ({ p: parseLatLonInput(p), i }))
    .filter((x): x is { p: { lat: number; lon: number }; i: number } => x.p != null)
    .map(({ p, i }) => ({ ...p, label: label(i), active: i === active }))

  return (
    <div className="stack" ref={ref}>
      {hydrated ? (
        <div className="stack--sm">
          {options.length > 1 ? (
            <fieldset className="qtn-row">
              <legend>{t('place.which')}</legend>
              <div className="checkbox-list qtn-inline">
                {options.map((o, i) => (
                  <label key={o.id} className="choice">
                    <input type="radio" name={`${base}-active`} checked={active === i} onChange={() => setActive(i)} />
                    <span className="choice__text">
                      <span className="choice__label">{label(i)}</span>
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>
          ) : null}
          <PickMap
            points={mapPoints}
            centre={places[0] ?? DEFAULT_CENTER}
            zoom={ADD_PLACE_ZOOM}
            tiles={tiles}
            label={t('place.map')}
            hint={t('place.mapHint', { place: label(active) })}
            markerLabel={label(active)}
            onPick={pick}
          />
          <UsePosition onPosition={pick} />
        </div>
      ) : null}
      {options.map((o, i) => {
        const current = parseLatLonInput(points[i])
        const saved = current ? places.find((p) => near(p, current)) : undefined
        const selectId = `${base}-poi-${o.id}`
        const whereId = `${base}-where-${o.id}`
        const Wrapper = options.length > 1 ? 'fieldset' : 'div'
        return (
          <Wrapper key={o.id} className={options.length > 1 ? 'qtn-row qtn-place' : 'qtn-place'}>
            {options.length > 1 ? <legend>{label(i)}</legend> : null}
            <input type="hidden" name={field.value(o.id)} value={points[i]} />
            <p className="qtn-place__now" aria-live="polite">
              {current
                ? saved
                  ? t('place.currentSaved', { name: saved.name, coords: points[i] })
                  : t('place.current', { coords: points[i] })
                : t('place.none')}
            </p>
            <div className="qtn-place__inputs">
              <div className="field">
                <label className="field__label" htmlFor={selectId}>
                  {t('place.saved')}
                </label>
                <select
                  id={selectId}
                  name={field.poi(o.id)}
                  value={chosen[i]}
                  onChange={(e) => {
                    const v = e.target.value
                    setChosen(setAt(chosen, i, v))
                    const point = chosenPoint(v)
                    if (point != null) setPoints(setAt(points, i, point))
                  }}
                >
                  <option value="">{current ? t('place.keep') : t('place.choose')}</option>
                  {places.map((p) => (
                    <option key={p.id} value={`poi:${p.id}`}>
                      {p.name}
                    </option>
                  ))}
                  {current ? <option value="clear">{t('place.clear')}</option> : null}
                </select>
              </div>
              <div className="field">
                <label className="field__label" htmlFor={whereId}>
                  {t('place.where')}
                </label>
                <p className="field__hint" id={`${whereId}-hint`}>
                  {t('place.whereHint')}
                </p>
                <input
                  id={whereId}
                  className="input"
                  type="text"
                  name={field.where(o.id)}
                  autoComplete="off"
                  value={typed[i]}
                  onChange={(e) => setTyped(setAt(typed, i, e.target.value))}
                  aria-describedby={`${whereId}-hint`}
                />
              </div>
            </div>
          </Wrapper>
        )
      })}
    </div>
  )
}
