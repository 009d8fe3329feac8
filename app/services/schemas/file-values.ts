// The values the researcher file formats share (campaign file, trips file): ids, times in the study time zone, texts
// in one or every language, key/value metadata. Date-times are 'YYYY-MM-DD HH:mm' wall-clock times in the study time
// zone (STUDY_TIME_ZONE, Europe/Berlin).
import { z } from 'zod'
import { parseClock, parseFileTime } from '~/domain/fileTime'
import { studyTimeZone } from '~/infra/env.server'


/** Ids are PostgreSQL integers. */
export const IdSchema = z.number().int().positive().max(2_147_483_647)

const pad = (n: number) => String(n).padStart(2, '0')

/**
 * A time in a file: 'YYYY-MM-DD HH:mm' or 'YYYY-MM-DD HH:mm:ss' (wall clock in the study time zone; a 'T' may
 * separate date and time), or ISO 8601 with an offset (an instant, as the app's own exports write it). Wall-clock
 * times come out as 'YYYY-MM-DD HH:mm' (':ss' only when the seconds are not 00), instants as given.
 */
export const DateTimeSchema = z
  .string()
  .regex(
    /^\d{4}-\d{2}-\d{2}[ T]([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,9})?)?(Z|[+-]([01]\d|2[0-3]):?[0-5]\d)?$/,
    'expected YYYY-MM-DD HH:mm (or HH:mm:ss, or ISO 8601 with an offset)',
  )
  .transform((value, ctx) => {
    const t = parseFileTime(value)
    if (!t) {
      ctx.addIssue({ code: 'custom', message: 'not a calendar date' })
      return z.NEVER
    }
    if (t.kind === 'instant') return value
    return `${t.day} ${pad(t.hour)}:${pad(t.minute)}${t.second ? `:${pad(t.second)}` : ''}`
  })

/** 'YYYY-MM-DD' or a DateTimeSchema time. */
export const DayOrDateTimeSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}([ T].+)?$/, 'expected YYYY-MM-DD or YYYY-MM-DD HH:mm').transform((value, ctx) => {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value) && parseFileTime(`${value} 00:00`)) return value
  const parsed = DateTimeSchema.safeParse(value)
  if (parsed.success) return parsed.data
  ctx.addIssue({ code: 'custom', message: 'expected YYYY-MM-DD or YYYY-MM-DD HH:mm (or HH:mm:ss)' })
  return z.NEVER
})

/** 'HH:mm' or 'HH:mm:ss'; comes out as 'HH:mm' (':ss' only when not 00). */
export const ClockSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, 'expected HH:mm or HH:mm:ss').transform((value, ctx) => {
  const c = parseClock(value)
  if (!c) {
    ctx.addIssue({ code: 'custom', message: 'expected HH:mm or HH:mm:ss' })
    return z.NEVER
  }
  return `${pad(c.hour)}:${pad(c.minute)}${c.second ? `:${pad(c.second)}` : ''}`
})

/** Accepted so files written from the app's own entities import, and ignored (the database computes or assigns it). */
export const ReadOnly = (what: string) => z.unknown().optional().describe(`Read-only (${what}): accepted and ignored.`)

/** A time's instant for ordering checks (wall-clock times in the study zone). */
export function instantOf(value: string): number {
  const t = parseFileTime(value)
  if (!t) return NaN
  if (t.kind === 'instant') return t.date.getTime()
  return Date.UTC(Number(t.day.slice(0, 4)), Number(t.day.slice(5, 7)) - 1, Number(t.day.slice(8, 10)), t.hour, t.minute, t.second) - zoneOffsetMs(t.day)
}
/** Approximate offset of the study zone on a day, enough to order a wall-clock time against an instant. */
function zoneOffsetMs(day: string): number {
  const zone = studyTimeZone()
  const noon = new Date(`${day}T12:00:00Z`)
  const local = new Date(noon.toLocaleString('en-US', { timeZone: zone, hour12: false }))
  const utc = new Date(noon.toLocaleString('en-US', { timeZone: 'UTC', hour12: false }))
  return local.getTime() - utc.getTime()
}

export const LocaleSchema = z.enum(['de_DE', 'en_US'])

const LocalizedTextSchema = z
  .strictObject({ de_DE: z.string().optional(), en_US: z.string().optional() })
  .refine((t) => t.de_DE !== undefined || t.en_US !== undefined, 'needs de_DE or en_US')

export const TextSchema = z
  .union([z.string(), LocalizedTextSchema])
  .meta({ id: 'Text', description: 'A string for every language, or { "de_DE": "…", "en_US": "…" }.' })
export type Text = z.infer<typeof TextSchema>

/** key/val pairs such as unit, maximum_sum, interval; numbers are accepted and stored as strings. */
export const MetaDataRecSchema = z.strictObject({
  key: z.string().min(1),
  val: z.union([z.string(), z.number(), z.boolean()]).transform(String),
})

export const CreatorSchema = z.strictObject({
  id: z.union([z.number(), z.string()]).optional(),
  alias: z.string().nullish(),
  firstName: z.string().nullish(),
  lastName: z.string().nullish(),
  idStr: z.string().nullish(),
})

/** A zod issue path as the messages show it: questionnaires[0].section.questions[3].type */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = ''
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`
    else out += out ? `.${String(key)}` : String(key)
  }
  return out || '(file)'
}
