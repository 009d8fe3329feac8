// DURATION: how long something took (waiting at a stop, looking for parking, a typical commute), as hours and minutes.
// The answer is the whole number of minutes ('95'), between min (default 0) and max (default 1440, a day) minutes.
// Minutes above 59 count on (0 h 90 min is 90 minutes); a duration out of range is clamped (the page says so); what
// cannot be read is kept as typed and refused. Mandatory: non-empty.
import {
  field,
  nonBlank,
  perOption,
  perOptionState,
  textIfMandatory,
  type QuestionLike,
  type QuestionTypeDef,
} from './kit'

const DURATION_MAX_DEFAULT = 24 * 60
const MINUTES_RE = /^\d+$/

/** Duration bounds in minutes: min default 0, max default 1440. */
const durationBounds = (q: Pick<QuestionLike, 'min' | 'max'>) => ({
  min: q.min ?? 0,
  max: q.max ?? DURATION_MAX_DEFAULT,
})

/** Hours and minutes as posted: digits only (blank is 0 when the other is given), else null. */
function postedMinutes(hours: string, minutes: string): number | null {
  if ((hours !== '' && !MINUTES_RE.test(hours)) || (minutes !== '' && !MINUTES_RE.test(minutes))) return null
  return Number(hours || 0) * 60 + Number(minutes || 0)
}

export const DURATION: QuestionTypeDef = {
  shape: 'single-value',
  supported: true,
  valid: textIfMandatory,
  value: nonBlank((q, s) => {
    if (!MINUTES_RE.test(s)) return { constant: 'ANSWER_INVALID', reason: 'number' }
    const { min, max } = durationBounds(q)
    const n = Number(s)
    return n < min || n > max ? { constant: 'ANSWER_OUT_OF_RANGE', reason: 'range', params: { min, max } } : null
  }),
  parse: (q, form) =>
    perOption(q, [], (optId) => {
      const h = (form.get(field.hour(optId)) ?? '').trim()
      const m = (form.get(field.minute(optId)) ?? '').trim()
      if (h === '' && m === '') return { text: null }
      const total = postedMinutes(h, m)
      // Kept as typed ("hours:minutes"), so the page can show it again with the refusal.
      if (total == null) return { text: `${h}:${m}` }
      const { min, max } = durationBounds(q)
      const clamped = Math.min(max, Math.max(min, total))
      return { text: String(clamped), notice: clamped !== total ? 'clamped' : null }
    }),
  formState: (q, answers) =>
    perOptionState(q, answers, (optId, text) => {
      if (text != null && MINUTES_RE.test(text)) {
        const n = Number(text)
        return { [field.hour(optId)]: String(Math.floor(n / 60)), [field.minute(optId)]: String(n % 60) }
      }
      const [h = '', m = ''] = text?.split(':') ?? []
      return { [field.hour(optId)]: h, [field.minute(optId)]: m }
    }),
  range: durationBounds,
}
