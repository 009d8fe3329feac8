// A study at a glance for its researchers (`npm run admin -- status` and `remind`): per participant the ways
// recorded, confirmed, reported and waiting, open questionnaires, days without trips, last activity and the splits and
// merges that corrected the phone's segmentation, read by ONE
// aggregate query; per study day the ways recorded and confirmed. Works on PGlite and PostgreSQL alike (plain SQL,
// numbers cast to int/float8). Its table as text, CSV and one HTML page: study/status-report.server.ts; the reminder
// e-mails to participants who have gone quiet: study/remind.server.ts.
import { eq, sql } from 'drizzle-orm'
import type { DbOrTx } from '~/db/connect.server'
import { confirmedSql } from '~/db/confirmed'
import { campaigns } from '~/db/schema'
import { daysInactive, isInactive } from '~/domain/activity'
import { inReview, reviewDayCount, reviewDays } from '~/domain/listDays'
import { addDays, dayInZone, daysBetween } from '~/domain/time'
import { parseLocale, DEFAULT_LOCALE, type Locale } from '~/domain/locale'
import { studyTimeZone } from '~/infra/env.server'

class StudyError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'StudyError'
  }
}

export interface ParticipantStatus {
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
