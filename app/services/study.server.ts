// A study at a glance for its researchers (`npm run admin -- status` and `remind`): per participant the ways
// recorded, confirmed, reported and waiting, open questionnaires, days without trips, last activity and the splits and
// merges that corrected the phone's segmentation, read by ONE
// aggregate query; per study day the ways recorded and confirmed; and the reminder e-mails to participants who have
// gone quiet. Works on PGlite and PostgreSQL alike (plain SQL, numbers cast to int/float8).
import { and, eq, max, sql } from 'drizzle-orm'
import type { DbOrTx } from '~/db/connect.server'
import { confirmedSql } from '~/db/confirmed'
import { campaigns, reminders } from '~/db/schema'
import { daysInactive, isInactive, reminderDue } from '~/domain/activity'
import { csvRecord, isoInZone } from '~/domain/exportFormat'
import { inReview, reviewDayCount, reviewDays } from '~/domain/listDays'
import { addDays, dayInZone, daysBetween } from '~/domain/time'
import { parseLocale, DEFAULT_LOCALE, type Locale } from '~/domain/locale'
import type { Mailer } from '~/infra/mailer.server'
import { log } from '~/infra/log.server'
import { reminderMail } from './mail-templates.server'
import { studyTimeZone } from '~/infra/env.server'

class StudyError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'StudyError'
  }
}

interface ParticipantStatus {
  userId: number
  pseudonym: string
  email: string
  firstName: string | null
  lastName: string | null
  locale: Locale
  /** The address was confirmed: only such accounts get reminders. */
  verified: boolean
  joined: Date
  recorded: number
  confirmed: number
  reported: number
  /** Ways neither confirmed nor reported: what a reminder asks for. */
  waiting: number
  /**
   * Questionnaires that can be answered now: confirmed ways (every leg validated counts) not reported whose trip or
   * leg questionnaires are not all answered, when the campaign has such questionnaires; plus the campaign's initial
   * and final questionnaires open now and not yet sent (a final one waiting for a mandatory initial one not counted).
   */
  openQuestionnaires: number
  /** Real study days (domain/listDays.ts reviewDays) the participant confirmed as without ways. */
  noTripDays: number
  /** Splits and merges of the participant's ways that were not undone (their corrections of the segmentation). */
  splits: number
  merges: number
  /** Real study days with neither a way nor that confirmation. */
  openDays: number
  /** Confirmed ways whose purposes are the app's suggestion, accepted unchanged (null: none confirmed). */
  suggestionShare: number | null
  lastActivity: Date | null
  daysInactive: number
  inactive: boolean
  lastReminder: Date | null
}

export interface StudyStatus {
  campaign: { id: number; name: string; startAt: Date; endAt: Date }
  now: Date
  inactiveDays: number
  participants: ParticipantStatus[]
  totals: {
    participants: number
    recorded: number
    confirmed: number
    reported: number
    shareConfirmed: number | null
    /** Confirmed ways of the study whose purposes are an accepted suggestion, unchanged. */
    shareSuggested: number | null
    inactive: number
  }
}

/** A day list as the driver hands back an array_agg: an array, or PostgreSQL's '{a,b}' text. */
const dayList = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.map(String)
    : typeof value === 'string' && value.length > 2
      ? value.slice(1, -1).split(',')
      : []

const rowsOf = (result: unknown) =>
  ((result as { rows?: unknown[] }).rows ?? (result as unknown[])) as Record<string, unknown>[]
const dateOf = (epoch: unknown) => (epoch == null ? null : new Date(Number(epoch) * 1000))

async function requireCampaign(db: DbOrTx, campaignId: number) {
  const [c] = await db
    .select({ id: campaigns.id, name: campaigns.name, startAt: campaigns.startAt, endAt: campaigns.endAt })
    .from(campaigns)
    .where(eq(campaigns.id, campaignId))
  if (!c) throw new StudyError(`campaign ${campaignId} does not exist`)
  return c
}

/**
 * Every participant of the campaign with their counts, in one query: each table is aggregated once per user
 * (grouped subqueries joined to the campaign's users), so the cost grows with the rows, not with participants ×
 * tables. Last activity is the latest of: a page seen (session), a way recorded, a day marked without trips, a
 * questionnaire sent or saved.
 */
export async function studyStatus(
  db: DbOrTx,
  o: { campaignId: number; now?: Date; inactiveDays?: number; timeZone?: string },
): Promise<StudyStatus> {
  const campaign = await requireCampaign(db, o.campaignId)
  const now = o.now ?? new Date()
  const tz = o.timeZone ?? studyTimeZone()
  const campaignDays = { startDay: dayInZone(campaign.startAt, tz), endDay: dayInZone(campaign.endAt, tz) }
  const inactiveDays = o.inactiveDays ?? 3
  const id = o.campaignId
  const result = await db.execute(sql`
    with members as (select id from users where campaign_id = ${id}),
    wq as (select 1 from questionnaires where campaign_id = ${id} and type in ('TRIP_BASED', 'LEG_BASED') limit 1),
    t as (
      select user_id,
        count(*)::int as recorded,
        (count(*) filter (where ${confirmedSql()}))::int as confirmed,
        (count(*) filter (where fdbk_avail))::int as reported,
        (count(*) filter (where not ${confirmedSql()} and not fdbk_avail))::int as waiting,
        (count(*) filter (where ${confirmedSql()} and not all_questions_answered
          and not fdbk_avail and exists (select 1 from wq)))::int as open_ways,
        (count(*) filter (where ${confirmedSql()} and not exists (select 1 from legs l
          where l.trip_id = trips.id and l.purpose_source is distinct from 'suggested')))::int as suggested,
        array_agg(distinct to_char(start_time at time zone ${tz}, 'YYYY-MM-DD')) as way_days,
        extract(epoch from max(creation_time))::float8 as last_way
      from trips where user_id in (select id from members) group by user_id),
    z as (select user_id, array_agg(day::text) as days, extract(epoch from max(created_at))::float8 as last_day
      from zero_trip_days where user_id in (select id from members) group by user_id),
    s as (select user_id, extract(epoch from max(last_seen_at))::float8 as last_seen
      from sessions where user_id in (select id from members) group by user_id),
    c as (select user_id, extract(epoch from max(completed_at))::float8 as last_done
      from questionnaire_completions where user_id in (select id from members) group by user_id),
    d as (select user_id, extract(epoch from max(updated_at))::float8 as last_draft
      from questionnaire_drafts where user_id in (select id from members) group by user_id),
    e as (select user_id, (count(*) filter (where kind = 'split'))::int as splits,
        (count(*) filter (where kind = 'merge'))::int as merges
      from way_edits where user_id in (select id from members) and undone_at is null group by user_id),
    r as (select user_id, extract(epoch from max(sent_at))::float8 as last_reminder
      from reminders where campaign_id = ${id} group by user_id),
    q as (select id, type from questionnaires where campaign_id = ${id} and type in ('INITIAL', 'FINAL')
      and (avail_from is null or avail_from <= ${now.toISOString()}::timestamptz)
      and (avail_until is null or avail_until > ${now.toISOString()}::timestamptz)),
    qi as (select id from questionnaires where campaign_id = ${id} and type = 'INITIAL' and mandatory),
    qo as (select m.id as user_id, count(q.id)::int as open_campaign from members m cross join q
      where not exists (select 1 from questionnaire_completions qc where qc.user_id = m.id and qc.questionnaire_id = q.id and qc.scope = 'campaign')
        and not (q.type = 'FINAL' and exists (select 1 from qi where not exists (select 1 from questionnaire_completions qc
          where qc.user_id = m.id and qc.questionnaire_id = qi.id and qc.scope = 'campaign')))
      group by m.id)
    select u.id, u.pseudonym, u.email, u.first_name, u.last_name, u.locale, u.verified,
      extract(epoch from u.created_at)::float8 as joined,
      coalesce(t.recorded, 0) as recorded, coalesce(t.confirmed, 0) as confirmed, coalesce(t.reported, 0) as reported,
      coalesce(t.waiting, 0) as waiting, coalesce(t.open_ways, 0) + coalesce(qo.open_campaign, 0) as open_questionnaires,
      coalesce(t.suggested, 0) as suggested, t.way_days, z.days as no_trip_days, coalesce(e.splits, 0) as splits,
      coalesce(e.merges, 0) as merges,
      greatest(t.last_way, z.last_day, s.last_seen, c.last_done, d.last_draft) as last_activity,
      r.last_reminder
    from users u
      left join t on t.user_id = u.id left join z on z.user_id = u.id left join s on s.user_id = u.id
      left join c on c.user_id = u.id left join d on d.user_id = u.id left join r on r.user_id = u.id
      left join qo on qo.user_id = u.id left join e on e.user_id = u.id
    where u.campaign_id = ${id}
    order by u.id`)
  const today = dayInZone(now, tz)
  const participants = rowsOf(result).map((row): ParticipantStatus => {
    const joined = dateOf(row.joined)!
    const lastActivity = dateOf(row.last_activity)
    // Days count only within the participant's real study days, the same rule as their list's.
    const review = reviewDays(campaignDays, dayInZone(joined, tz), today)
    const inStudy = (days: unknown) => new Set(dayList(days).filter((d) => inReview(d, review)))
    const marked = inStudy(row.no_trip_days)
    const covered = new Set([...marked, ...inStudy(row.way_days)])
    const confirmed = Number(row.confirmed)
    return {
      userId: Number(row.id),
      pseudonym: String(row.pseudonym),
      email: String(row.email),
      firstName: (row.first_name as string | null) ?? null,
      lastName: (row.last_name as string | null) ?? null,
      locale: parseLocale(String(row.locale)) ?? DEFAULT_LOCALE,
      verified: row.verified === true,
      joined,
      recorded: Number(row.recorded),
      confirmed,
      reported: Number(row.reported),
      waiting: Number(row.waiting),
      openQuestionnaires: Number(row.open_questionnaires),
      noTripDays: marked.size,
      openDays: reviewDayCount(review) - covered.size,
      suggestionShare: confirmed ? Number(row.suggested) / confirmed : null,
      splits: Number(row.splits),
      merges: Number(row.merges),
      lastActivity,
      daysInactive: daysInactive(lastActivity, joined, now),
      inactive: isInactive(lastActivity, joined, now, inactiveDays),
      lastReminder: dateOf(row.last_reminder),
    }
  })
  const sum = (f: (p: ParticipantStatus) => number) => participants.reduce((a, p) => a + f(p), 0)
  const recorded = sum((p) => p.recorded)
  const confirmed = sum((p) => p.confirmed)
  return {
    campaign,
    now,
    inactiveDays,
    participants,
    totals: {
      participants: participants.length,
      recorded,
      confirmed,
      reported: sum((p) => p.reported),
      shareConfirmed: recorded ? confirmed / recorded : null,
      shareSuggested: confirmed ? sum((p) => (p.suggestionShare ?? 0) * p.confirmed) / confirmed : null,
      inactive: participants.filter((p) => p.inactive).length,
    },
  }
}

/**
 * Ways recorded and confirmed per study day (the day a way starts, in the study time zone): every day from the
 * campaign's first up to its last or today, whichever comes first, days without ways included (as zeros); ways
 * outside those days are not the study's.
 */
export async function waysPerDay(
  db: DbOrTx,
  campaignId: number,
  timeZone: string,
  now = new Date(),
): Promise<{ day: string; recorded: number; confirmed: number }[]> {
  const campaign = await requireCampaign(db, campaignId)
  const first = dayInZone(campaign.startAt, timeZone)
  const today = dayInZone(now, timeZone)
  const endDay = dayInZone(campaign.endAt, timeZone)
  const last = endDay < today ? endDay : today
  const counted = new Map((await waysPerStartDay(db, campaignId, timeZone)).map((d) => [d.day, d]))
  return Array.from({ length: Math.max(0, daysBetween(first, last) + 1) }, (_, i) => {
    const day = addDays(first, i)
    return counted.get(day) ?? { day, recorded: 0, confirmed: 0 }
  })
}

async function waysPerStartDay(
  db: DbOrTx,
  campaignId: number,
  timeZone: string,
): Promise<{ day: string; recorded: number; confirmed: number }[]> {
  const result = await db.execute(sql`
    select to_char(t.start_time at time zone ${timeZone}, 'YYYY-MM-DD') as day,
      count(*)::int as recorded, (count(*) filter (where ${confirmedSql('t')}))::int as confirmed
    from trips t join users u on u.id = t.user_id
    where u.campaign_id = ${campaignId}
    group by 1 order by 1`)
  return rowsOf(result).map((r) => ({
    day: String(r.day),
    recorded: Number(r.recorded),
    confirmed: Number(r.confirmed),
  }))
}

// ---------------------------------------------------------------------------------------------------------------
// Reports

const COLUMNS = [
  'participant',
  'ways_recorded',
  'confirmed',
  'reported',
  'waiting',
  'open_questionnaires',
  'days_without_trips',
  'last_activity',
  'days_inactive',
  'splits',
  'merges',
  'days_open',
  'suggestion_accepted',
] as const

const percent = (share: number | null) => (share === null ? '–' : `${Math.round(share * 1000) / 10} %`)

function who(p: ParticipantStatus, withIdentity: boolean): string {
  if (!withIdentity) return p.pseudonym
  const name = [p.firstName, p.lastName].filter(Boolean).join(' ')
  return name ? `${p.email} (${name})` : p.email
}

function cells(p: ParticipantStatus, withIdentity: boolean, tz: string): (string | number)[] {
  return [
    who(p, withIdentity),
    p.recorded,
    p.confirmed,
    p.reported,
    p.waiting,
    p.openQuestionnaires,
    p.noTripDays,
    p.lastActivity ? isoInZone(p.lastActivity, tz) : '',
    p.daysInactive,
    p.splits,
    p.merges,
    p.openDays,
    percent(p.suggestionShare),
  ]
}

/** The study's line: participants, ways, share confirmed, participants inactive for the threshold. */
function studyLine(s: StudyStatus): string {
  const t = s.totals
  return (
    `study: ${t.participants} participants, ${t.recorded} ways recorded, ${t.confirmed} confirmed (${percent(t.shareConfirmed)}), ` +
    `${t.reported} reported, ${t.inactive} inactive for ${s.inactiveDays}+ days, ` +
    `suggestion accepted unchanged on ${percent(t.shareSuggested)} of confirmed ways`
  )
}

/** The table for a terminal: one line per participant, aligned, then the study's line. */
export function statusText(s: StudyStatus, o: { withIdentity: boolean; timeZone: string }): string[] {
  const rows = [COLUMNS.map(String), ...s.participants.map((p) => cells(p, o.withIdentity, o.timeZone).map(String))]
  const widths = COLUMNS.map((_, i) => Math.max(...rows.map((r) => r[i].length)))
  const lines = rows.map((r) =>
    r
      .map((c, i) => (i === 0 || i === 7 ? c.padEnd(widths[i]) : c.padStart(widths[i])))
      .join('  ')
      .trimEnd(),
  )
  return [`campaign ${s.campaign.id} "${s.campaign.name}" on ${isoInZone(s.now, o.timeZone)}`, ...lines, studyLine(s)]
}

/** CSV (RFC 4180) of the same table; the study's totals are a last row whose participant is "(study)". */
export function statusCsv(s: StudyStatus, o: { withIdentity: boolean; timeZone: string }): string {
  const t = s.totals
  return (
    csvRecord([...COLUMNS]) +
    s.participants.map((p) => csvRecord(cells(p, o.withIdentity, o.timeZone))).join('') +
    csvRecord([
      '(study)',
      t.recorded,
      t.confirmed,
      t.reported,
      s.participants.reduce((a, p) => a + p.waiting, 0),
      s.participants.reduce((a, p) => a + p.openQuestionnaires, 0),
      s.participants.reduce((a, p) => a + p.noTripDays, 0),
      '',
      '',
      s.participants.reduce((a, p) => a + p.splits, 0),
      s.participants.reduce((a, p) => a + p.merges, 0),
      s.participants.reduce((a, p) => a + p.openDays, 0),
      percent(t.shareSuggested),
    ])
  )
}

const esc = (v: unknown) =>
  String(v).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** Bars of ways recorded (light) and confirmed (dark) per study day, as inline SVG with a text alternative. */
function dayChartSvg(days: { day: string; recorded: number; confirmed: number }[]): string {
  const W = 720
  const H = 240
  const pad = { l: 40, r: 10, t: 10, b: 40 }
  const max = Math.max(1, ...days.map((d) => d.recorded))
  const bw = days.length ? (W - pad.l - pad.r) / days.length : 0
  const y = (n: number) => pad.t + (H - pad.t - pad.b) * (1 - n / max)
  const bars = days
    .map((d, i) => {
      const x = pad.l + i * bw
      const w = Math.max(1, bw * 0.8)
      const label =
        i % Math.ceil(days.length / 12 || 1) === 0
          ? `<text x="${(x + w / 2).toFixed(1)}" y="${H - pad.b + 14}" font-size="10" text-anchor="middle">${esc(d.day.slice(5))}</text>`
          : ''
      // A day without ways keeps its place on the axis, with a mark below it so the gap shows.
      if (d.recorded === 0)
        return (
          `<g><title>${esc(d.day)}: no ways</title>` +
          `<rect x="${x.toFixed(1)}" y="${H - pad.b + 2}" width="${w.toFixed(1)}" height="3" fill="#d92d20"/></g>${label}`
        )
      return (
        `<g><title>${esc(d.day)}: ${d.recorded} recorded, ${d.confirmed} confirmed</title>` +
        `<rect x="${x.toFixed(1)}" y="${y(d.recorded).toFixed(1)}" width="${w.toFixed(1)}" height="${(H - pad.b - y(d.recorded)).toFixed(1)}" fill="#9ec5d6"/>` +
        `<rect x="${x.toFixed(1)}" y="${y(d.confirmed).toFixed(1)}" width="${w.toFixed(1)}" height="${(H - pad.b - y(d.confirmed)).toFixed(1)}" fill="#0b5f75"/></g>${label}`
      )
    })
    .join('')
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="100%" role="img" aria-label="Ways recorded and confirmed per study day">` +
    `<line x1="${pad.l}" y1="${H - pad.b}" x2="${W - pad.r}" y2="${H - pad.b}" stroke="#667085"/>` +
    `<text x="${pad.l - 6}" y="${pad.t + 10}" font-size="10" text-anchor="end">${max}</text><text x="${pad.l - 6}" y="${H - pad.b}" font-size="10" text-anchor="end">0</text>` +
    bars +
    `<rect x="${pad.l}" y="${H - 16}" width="10" height="10" fill="#9ec5d6"/><text x="${pad.l + 14}" y="${H - 7}" font-size="11">recorded</text>` +
    `<rect x="${pad.l + 90}" y="${H - 16}" width="10" height="10" fill="#0b5f75"/><text x="${pad.l + 104}" y="${H - 7}" font-size="11">confirmed</text>` +
    `<rect x="${pad.l + 190}" y="${H - 13}" width="10" height="3" fill="#d92d20"/><text x="${pad.l + 204}" y="${H - 7}" font-size="11">no ways</text>` +
    `</svg>`
  )
}

/** One self-contained page (no scripts, no outside resources): the chart, the quiet participants, the table. */
export function statusHtml(
  s: StudyStatus,
  days: { day: string; recorded: number; confirmed: number }[],
  o: { withIdentity: boolean; timeZone: string },
): string {
  const quiet = s.participants.filter((p) => p.inactive).sort((a, b) => b.daysInactive - a.daysInactive)
  const row = (p: ParticipantStatus) =>
    `<tr>${cells(p, o.withIdentity, o.timeZone)
      .map((c, i) => (i === 0 || i === 7 ? `<td>${esc(c)}</td>` : `<td class="n">${esc(c)}</td>`))
      .join('')}</tr>`
  const table = (list: ParticipantStatus[]) =>
    `<table><thead><tr>${COLUMNS.map((c) => `<th scope="col">${esc(c.replace(/_/g, ' '))}</th>`).join('')}</tr></thead><tbody>${list.map(row).join('\n')}</tbody></table>`
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Study status – ${esc(s.campaign.name)}</title>
<style>body{font-family:system-ui,Arial,sans-serif;margin:24px;color:#1d2939;line-height:1.4}table{border-collapse:collapse;margin:8px 0 24px}th,td{border:1px solid #d0d5dd;padding:4px 8px;text-align:left}td.n{text-align:right;font-variant-numeric:tabular-nums}th{background:#f2f4f7}h1{font-size:1.4em}h2{font-size:1.15em;margin-top:28px}</style>
</head><body>
<h1>Study status: campaign ${s.campaign.id} “${esc(s.campaign.name)}”</h1>
<p>As of ${esc(isoInZone(s.now, o.timeZone))}. ${esc(studyLine(s))}.</p>
<h2>Ways recorded and confirmed per study day</h2>
${days.length ? dayChartSvg(days) : '<p>The study has not begun yet.</p>'}
<h2>Gone quiet (inactive for ${s.inactiveDays}+ days): ${quiet.length}</h2>
${quiet.length ? table(quiet) : '<p>Nobody.</p>'}
<h2>All participants: ${s.participants.length}</h2>
${table(s.participants)}
</body></html>
`
}

// ---------------------------------------------------------------------------------------------------------------
// Reminders

interface RemindOptions {
  campaignId: number
  inactiveDays: number
  /** No second reminder within this many days. */
  intervalDays: number
  dryRun: boolean
  now?: Date
}

interface RemindDeps {
  mailer: Mailer
  publicUrl: string
  projectTitle: string
}

/** The advisory lock's first key: reminders (its second key is the campaign). */
const REMIND_LOCK = 231_001

/**
 * E-mails every inactive participant with a confirmed address and ways waiting, in their language, at most once per
 * interval, also when several runs overlap: each reminder is claimed (recorded) under a database lock per campaign
 * that re-reads the participant's last one, and only then sent; a mail that cannot be sent gives its claim back. The
 * log names the reminder's id, the campaign and the counts, never an address or a name. A dry run lists who would
 * get one and sends nothing.
 */
export async function remind(db: DbOrTx, deps: RemindDeps, o: RemindOptions): Promise<string[]> {
  const now = o.now ?? new Date()
  const status = await studyStatus(db, { campaignId: o.campaignId, now, inactiveDays: o.inactiveDays })
  const isDue = (p: ParticipantStatus, lastReminder = p.lastReminder) =>
    p.verified &&
    reminderDue({ inactive: p.inactive, waiting: p.waiting, lastReminder, now, intervalDays: o.intervalDays })
  const due = status.participants.filter((p) => isDue(p))
  const waitingFor = status.participants.filter((p) => p.verified && p.inactive && p.waiting > 0)
  let skippedRecent = waitingFor.length - due.length
  const out: string[] = []
  let sent = 0
  for (const p of due) {
    if (o.dryRun) {
      out.push(`would remind ${p.pseudonym} (${p.waiting} ways waiting, inactive ${p.daysInactive} days, ${p.locale})`)
      continue
    }
    const claim = await claimReminder(db, o.campaignId, p, now, (last) => isDue(p, last))
    if (claim == null) {
      skippedRecent++
      continue
    }
    try {
      await deps.mailer.send(
        reminderMail({
          to: p.email,
          locale: p.locale,
          publicUrl: deps.publicUrl,
          projectTitle: deps.projectTitle,
          waiting: p.waiting,
          daysInactive: p.daysInactive,
          intervalDays: o.intervalDays,
        }),
      )
    } catch (e) {
      await db.delete(reminders).where(eq(reminders.id, claim))
      throw e
    }
    log.info({
      msg: 'reminder sent',
      reminder: claim,
      campaign: o.campaignId,
      locale: p.locale,
      waiting: p.waiting,
      daysInactive: p.daysInactive,
    })
    sent++
  }
  out.push(
    `${o.dryRun ? 'dry run: would send' : 'sent'} ${o.dryRun ? due.length : sent} reminder(s) for campaign ${o.campaignId}; ` +
      `${status.totals.inactive} inactive for ${o.inactiveDays}+ days, ${skippedRecent} reminded within the last ${o.intervalDays} days`,
  )
  return out
}

/**
 * Records a reminder for the participant unless another run did meanwhile (read again under the campaign's lock,
 * held until the row is written): its id, or null when it is no longer due.
 */
async function claimReminder(
  db: DbOrTx,
  campaignId: number,
  p: ParticipantStatus,
  now: Date,
  stillDue: (lastReminder: Date | null) => boolean,
): Promise<number | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${REMIND_LOCK}, ${campaignId})`)
    const [last] = await tx
      .select({ at: max(reminders.sentAt) })
      .from(reminders)
      .where(and(eq(reminders.userId, p.userId), eq(reminders.campaignId, campaignId)))
    if (!stillDue(last?.at ?? null)) return null
    const [row] = await tx
      .insert(reminders)
      .values({ userId: p.userId, campaignId, sentAt: now })
      .returning({ id: reminders.id })
    return row!.id
  })
}
