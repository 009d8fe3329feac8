// SINGLE_LOCATOR (one place) and MULTIPLE_LOCATOR (one per option): a place marked on the map, or without the map
// one of the participant's saved places or a typed address / "lat, lon". Stored as GeoJSON. Always valid; a text
// that is not a place is refused. Places are not copied to later legs.
import { latLonInputText, parseLatLonInput, parseLocatorText, pointText } from '../geoAnswer'
import { alwaysValid, field, nonBlank, perOption, perOptionState, type QuestionTypeDef } from './kit'

const locator = (shape: 'single-value' | 'multi-field'): QuestionTypeDef => ({
  shape,
  supported: true,
  places: true,
  valid: alwaysValid,
  value: nonBlank((_q, s) => (parseLocatorText(s) ? null : { constant: 'ANSWER_INVALID', reason: 'place' })),
  parse: (q, form, previous) =>
    perOption(q, previous, (optId) => {
      const raw = (form.get(field.value(optId)) ?? '').trim()
      if (raw === '') return { text: null }
      const p = parseLatLonInput(raw)
      return { text: p ? pointText(p) : raw }
    }),
  formState: (q, answers) =>
    perOptionState(q, answers, (optId, text) => {
      const points = parseLocatorText(text)
      return { [field.value(optId)]: points ? latLonInputText(points[0]) : (text ?? '') }
    }),
})

export const SINGLE_LOCATOR = locator('single-value')
export const MULTIPLE_LOCATOR = locator('multi-field')
