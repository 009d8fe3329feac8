// The add/edit way form (its field names are fixed: other clients post them) as plain values: defaults,
// reading a submitted form, and the leg times sent to addTrip/updateTrip. Shared by server and browser.
import { clampHour, clampMinute, isDateParam, twoDigits } from './timeInput'
import { dayToDisplay } from './time'

export interface WayFormValues {
  /** Trip purpose ids (field `purposes`, one value per id). */
  purposes: number[]
  /** Traffic-mode constants (field `tfcModes`, one value per constant). */
  tfcModes: string[]
  /** 'YYYY-MM-DD', or '' when not given. */
  startDate: string
  startHour: number
  startMinute: number
  endDate: string
  endHour: number
  endMinute: number
}

/** Default new manual trip: 12:00 to 13:00 on the chosen date. */
const DEFAULT_START = { hour: 12, minute: 0 }
const DEFAULT_END = { hour: 13, minute: 0 }

/**
 * The add form's defaults for `day`. Never in the future: on today (`now`: the study zone's day and time) before
 * 13:00 the way ends now and starts an hour earlier (at midnight at the earliest).
 */
export function defaultWayForm(day: string, now?: { day: string; hour: number; minute: number }): WayFormValues {
  let start = DEFAULT_START
  let end = DEFAULT_END
  if (now && now.day === day && now.hour * 60 + now.minute < end.hour * 60 + end.minute) {
    end = { hour: now.hour, minute: now.minute }
    const s = Math.max(0, now.hour * 60 + now.minute - 60)
    start = { hour: Math.floor(s / 60), minute: s % 60 }
  }
  return {
    purposes: [],
    tfcModes: [],
    startDate: day,
    startHour: start.hour,
    startMinute: start.minute,
    endDate: day,
    endHour: end.hour,
    endMinute: end.minute,
  }
}

const WALL = /^(\d{4}-\d{2}-\d{2}) (\d{2}):(\d{2})$/

/** The UI uses only the first leg of a manual trip. Leg times are 'YYYY-MM-DD HH:mm'. */
export function wayFormFromLeg(leg: {
  startTime: string
  endTime: string
  tripPurposes: { id: number }[]
  tfcModes: { constant: string }[]
}): WayFormValues {
  const s = WALL.exec(leg.startTime)
  const e = WALL.exec(leg.endTime)
  return {
    purposes: leg.tripPurposes.map((p) => p.id),
    tfcModes: leg.tfcModes.map((m) => m.constant),
    startDate: s?.[1] ?? '',
    startHour: s ? Number(s[2]) : DEFAULT_START.hour,
    startMinute: s ? Number(s[3]) : DEFAULT_START.minute,
    endDate: e?.[1] ?? '',
    endHour: e ? Number(e[2]) : DEFAULT_END.hour,
    endMinute: e ? Number(e[3]) : DEFAULT_END.minute,
  }
}

interface FormLike {
  get(name: string): FormDataEntryValue | null
  getAll(name: string): FormDataEntryValue[]
}

const text = (v: FormDataEntryValue | null | undefined) => (typeof v === 'string' ? v : '')
const unique = <T>(list: T[]) => [...new Set(list)]

/** The posted fields as text, one list per multi-value field (absent or empty: not given). */
export interface WayFormFields {
  purposes?: (string | undefined)[]
  tfcModes?: (string | undefined)[]
  startDate?: string
  startHour?: string
  startMinute?: string
  endDate?: string
  endHour?: string
  endMinute?: string
}

/**
 * The submitted fields as values. Hour input is clamped to 0-24, minute to 0-59; invalid input falls back
 * to the previous value" — `previous` is what the form showed before (the defaults, or the stored way). A date that
 * is not a real YYYY-MM-DD day counts as not given (→ 'Please fill in all fields.').
 */
export function wayFormValues(f: WayFormFields, previous: WayFormValues): WayFormValues {
  const day = (v: string | undefined) => {
    const d = (v ?? '').trim()
    return isDateParam(d) ? d : ''
  }
  const list = (vs: (string | undefined)[] | undefined) => (vs ?? []).map((v) => (v ?? '').trim())
  return {
    purposes: unique(
      list(f.purposes)
        .filter((v) => /^[1-9]\d{0,9}$/.test(v))
        .map(Number),
    ),
    tfcModes: unique(list(f.tfcModes).filter(Boolean)),
    startDate: day(f.startDate),
    startHour: clampHour(f.startHour ?? '', previous.startHour),
    startMinute: clampMinute(f.startMinute ?? '', previous.startMinute),
    endDate: day(f.endDate),
    endHour: clampHour(f.endHour ?? '', previous.endHour),
    endMinute: clampMinute(f.endMinute ?? '', previous.endMinute),
  }
}

/** A form's fields (FormData, or the browser's form before hydration) as values; see wayFormValues. */
export function readWayForm(form: FormLike, previous: WayFormValues): WayFormValues {
  const one = (name: string) => text(form.get(name))
  const all = (name: string) => form.getAll(name).map(text)
  return wayFormValues(
    {
      purposes: all('purposes'),
      tfcModes: all('tfcModes'),
      startDate: one('startDate'),
      startHour: one('startHour'),
      startMinute: one('startMinute'),
      endDate: one('endDate'),
      endHour: one('endHour'),
      endMinute: one('endMinute'),
    },
    previous,
  )
}

/** 'YYYY-MM-DD HH:mm' (the leg format) or null when the date is missing. */
export function legTime(date: string, hour: number, minute: number): string | null {
  return date ? `${date} ${twoDigits(hour)}:${twoDigits(minute)}` : null
}

/** The leg of the manual screen (applyGeom is sent as false by the manual screen). */
export function wayFormLeg(v: WayFormValues, legId?: number) {
  return {
    ...(legId ? { id: legId } : {}),
    startTime: legTime(v.startDate, v.startHour, v.startMinute),
    endTime: legTime(v.endDate, v.endHour, v.endMinute),
    tfcModes: v.tfcModes,
    tripPurposes: v.purposes,
    applyGeom: false,
  }
}

/** Display 'DD.MM.YYYY HH:mm' (dates display as DD.MM.YYYY, times as HH:mm); '' without a date. */
export function displayDateTime(date: string, hour: number, minute: number): string {
  return date && isDateParam(date) ? `${dayToDisplay(date)} ${twoDigits(hour)}:${twoDigits(minute)}` : ''
}
