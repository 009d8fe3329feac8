import { toBcp47, type Locale } from './locale'
import { daysBetween, dayInZone, dayToDisplay, parseDay, type Day } from './time'

type DayLabelKind = 'today' | 'yesterday' | 'dayBeforeYesterday' | 'other'
export interface DayLabel {
  kind: DayLabelKind
  text: string
}

const RELATIVE: Record<Locale, Record<Exclude<DayLabelKind, 'other'>, string>> = {
  de_DE: { today: 'Heute', yesterday: 'Gestern', dayBeforeYesterday: 'Vorgestern' },
  en_US: { today: 'Today', yesterday: 'Yesterday', dayBeforeYesterday: 'Day before yesterday' },
}

const KIND_BY_DIFF: Record<number, Exclude<DayLabelKind, 'other'>> = {
  0: 'today',
  1: 'yesterday',
  2: 'dayBeforeYesterday',
}

// One formatter per locale: constructing Intl.DateTimeFormat costs far more than formatting (list pages call this per day).
const weekdayFormats = new Map<Locale, Intl.DateTimeFormat>()

/** Localised weekday name of a calendar day ('Montag' / 'Monday'). */
export function weekdayName(day: Day, locale: Locale): string {
  const p = parseDay(day)
  if (!p) throw new RangeError(`Invalid day '${day}'`)
  let f = weekdayFormats.get(locale)
  if (!f)
    weekdayFormats.set(locale, (f = new Intl.DateTimeFormat(toBcp47(locale), { weekday: 'long', timeZone: 'UTC' })))
  return f.format(new Date(Date.UTC(p.year, p.month - 1, p.day, 12)))
}

const shortWeekdayFormats = new Map<Locale, Intl.DateTimeFormat>()

/** A day in few characters, for ranges of days: 'Mo 16.11.' / 'Mon 16.11.' (no year). */
export function shortDayName(day: Day, locale: Locale): string {
  const p = parseDay(day)
  if (!p) throw new RangeError(`Invalid day '${day}'`)
  let f = shortWeekdayFormats.get(locale)
  if (!f)
    shortWeekdayFormats.set(
      locale,
      (f = new Intl.DateTimeFormat(toBcp47(locale), { weekday: 'short', timeZone: 'UTC' })),
    )
  const weekday = f.format(new Date(Date.UTC(p.year, p.month - 1, p.day, 12))).replace(/\.$/, '')
  return `${weekday} ${String(p.day).padStart(2, '0')}.${String(p.month).padStart(2, '0')}.`
}

/**
 * Headers are today, yesterday, day before yesterday, otherwise weekday and date.
 * Both days are study-zone calendar days. Future days and older days are 'other':
 * '<Weekday>, DD.MM.YYYY' in both languages.
 */
export function dayLabel(day: Day, today: Day, locale: Locale): DayLabel {
  const kind = KIND_BY_DIFF[daysBetween(day, today)]
  if (kind) return { kind, text: RELATIVE[locale][kind] }
  return { kind: 'other', text: `${weekdayName(day, locale)}, ${dayToDisplay(day)}` }
}

/** Convenience: header for the study-zone day of `date`, relative to `now`. */
export function dayLabelForDate(date: Date, now: Date, timeZone: string, locale: Locale): DayLabel {
  return dayLabel(dayInZone(date, timeZone), dayInZone(now, timeZone), locale)
}
