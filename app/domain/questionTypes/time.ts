// TIME: a time of day as an hour and a minute box. Time input: hour 0 to 24, minute 0 to 59; stored as 'HH:mm:ss'.
// An hour or minute out of range falls back to the previous one (the page says so). Mandatory: non-empty.
import { parseTimeAnswer, timeAnswer } from '../questionText'
import { clampHour, clampMinute, twoDigits } from '../timeInput'
import { field, nonBlank, perOption, perOptionState, textIfMandatory, type QuestionTypeDef } from './kit'

const TIME_RE = /^(\d{2}):(\d{2}):(\d{2})$/

export const TIME: QuestionTypeDef = {
  shape: 'single-value',
  supported: true,
  valid: textIfMandatory,
  value: nonBlank((_q, s) => {
    const m = TIME_RE.exec(s)
    if (!m) return { constant: 'ANSWER_INVALID', reason: 'time' }
    return Number(m[1]) > 24 || Number(m[2]) > 59 || Number(m[3]) > 59
      ? { constant: 'ANSWER_OUT_OF_RANGE', reason: 'time' }
      : null
  }),
  parse: (q, form, previous) =>
    perOption(q, previous, (optId, prev) => {
      const h = (form.get(field.hour(optId)) ?? '').trim()
      const m = (form.get(field.minute(optId)) ?? '').trim()
      if (h === '' && m === '') return { text: null }
      const before = parseTimeAnswer(prev)
      const hour = h === '' ? 0 : clampHour(h, before?.hour ?? 0)
      const minute = m === '' ? 0 : clampMinute(m, before?.minute ?? 0)
      const adjusted =
        (h !== '' && String(hour) !== String(Number(h))) || (m !== '' && String(minute) !== String(Number(m)))
      return { text: timeAnswer(hour, minute)!, notice: adjusted ? 'timeAdjusted' : null }
    }),
  formState: (q, answers) =>
    perOptionState(q, answers, (optId, text) => {
      const t = parseTimeAnswer(text)
      return {
        [field.hour(optId)]: t ? twoDigits(t.hour) : '',
        [field.minute(optId)]: t ? twoDigits(t.minute) : '',
      }
    }),
}
