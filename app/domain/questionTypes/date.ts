// DATE and DATE_TIME: a day (date picker, no future dates: max today), and for DATE_TIME an hour and a minute. The
// answer is the wall-clock time in the study time zone as unix seconds; a date alone means 12:00. Unanswered, the
// page shows today (at 12:00) — unless the participant already left it empty. Mandatory: non-empty.
import { answerTextToDate, dateToAnswerText, DEFAULT_ANSWER_HOUR, DEFAULT_ANSWER_MINUTE } from '../questionText'
import { dayInZone, zonedParts } from '../time'
import { clampHour, clampMinute, twoDigits } from '../timeInput'
import {
  field,
  nonBlank,
  perOption,
  perOptionState,
  textIfMandatory,
  type FormState,
  type QuestionTypeDef,
} from './kit'

function date(withTime: boolean): QuestionTypeDef {
  return {
    shape: 'single-value',
    supported: true,
    valid: textIfMandatory,
    value: nonBlank((_q, s, env) => {
      const d = answerTextToDate(s)
      if (!d) return { constant: 'ANSWER_INVALID', reason: 'date' }
      return dayInZone(d, env.timeZone) > env.today ? { constant: 'ANSWER_OUT_OF_RANGE', reason: 'future' } : null
    }),
    parse: (q, form, previous, env) =>
      perOption(q, previous, (optId, prev) => {
        const day = (form.get(field.value(optId)) ?? '').trim()
        if (day === '') return { text: null }
        let hour = DEFAULT_ANSWER_HOUR
        let minute = DEFAULT_ANSWER_MINUTE
        let adjusted = false
        if (withTime) {
          const before = prev ? answerTextToDate(prev) : null
          const prevParts = before ? zonedParts(before, env.timeZone) : null
          const h = form.get(field.hour(optId)) ?? ''
          const m = form.get(field.minute(optId)) ?? ''
          hour = h.trim() === '' ? DEFAULT_ANSWER_HOUR : clampHour(h, prevParts?.hour ?? DEFAULT_ANSWER_HOUR)
          minute = m.trim() === '' ? DEFAULT_ANSWER_MINUTE : clampMinute(m, prevParts?.minute ?? DEFAULT_ANSWER_MINUTE)
          adjusted =
            (h.trim() !== '' && String(hour) !== String(Number(h))) ||
            (m.trim() !== '' && String(minute) !== String(Number(m)))
        }
        return {
          text: dateToAnswerText(day, hour, minute, env.timeZone) ?? day,
          notice: adjusted ? 'timeAdjusted' : null,
        }
      }),
    formState: (q, answers, env, flags) =>
      perOptionState(q, answers, (optId, text) => {
        const d = text ? answerTextToDate(text) : null
        const state: FormState = {
          [field.value(optId)]: d ? dayInZone(d, env.timeZone) : (text ?? (flags.seen ? '' : env.today)),
        }
        if (withTime) {
          const p = d ? zonedParts(d, env.timeZone) : null
          state[field.hour(optId)] = twoDigits(p ? p.hour : DEFAULT_ANSWER_HOUR)
          state[field.minute(optId)] = twoDigits(p ? p.minute : DEFAULT_ANSWER_MINUTE)
        }
        return state
      }),
  }
}

export const DATE = date(false)
export const DATE_TIME = date(true)
