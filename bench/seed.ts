// Bench data: a campaign, one measured participant with many ways, and many other participants, inserted with
// set-based SQL (generate_series) so a million ways take seconds, not hours. Runs against a database the bench
// opens itself (the embedded PGlite directory before the server starts, or DATABASE_URL).
import { sql } from 'drizzle-orm'
import { connect, type Database } from '~/db/connect.server'
import { demoCampaign } from '~/services/demo/campaign'
import { addDays, dayInZone } from '~/domain/time'
import { createUser, importCampaign, importTrips } from '~/services/import.server'
import { weekTrips } from '../e2e/week'

export const BENCH_USER = { email: 'bench@example.org', password: 'bench1234' }
/** The participants of the scripted week (bench/journey.ts), one per JavaScript mode. */
export const WEEK_USERS = {
  js: { email: 'week-js@bench.example', password: 'bench1234' },
  nojs: { email: 'week-nojs@bench.example', password: 'bench1234' },
}
const TZ = process.env.STUDY_TIME_ZONE || 'Europe/Berlin'
/** Ways per day of the measured participant. */
const PER_DAY = 4

export async function openDatabase(dataDir: string, databaseUrl?: string): Promise<Database> {
  return connect(databaseUrl ? { databaseUrl } : { dataDir: `${dataDir}/db` })
}

const rows = (r: unknown) => ((r as { rows?: unknown[] }).rows ?? (r as unknown[])) as Record<string, unknown>[]

/** A campaign long enough for the measured participant's ways, and the participant. Returns their user id. */
export async function seedMeasured(db: Database['db'], ways: number): Promise<number> {
  const today = dayInZone(new Date(), TZ)
  const days = Math.ceil(ways / PER_DAY) + 5
  const campaignId = await importCampaign(
    db,
    demoCampaign({ startDay: addDays(today, -days), endDay: addDays(today, 30), finalFromDay: addDays(today, 20) }),
    { timeZone: TZ },
  )
  const user = await createUser(db, { ...BENCH_USER, verified: true, campaignId })
  await insertWays(db, sql`select ${user.id}::int as user_id, g from generate_series(0, ${ways - 1}) g`, 2)
  return user.id
}

/**
 * The scripted week's participants in the measured participant's campaign, each with the week's ways. They joined
 * 60 days ago, so the week's day without ways is one of their study days.
 */
export async function seedWeek(db: Database['db']): Promise<void> {
  const [{ campaign_id }] = rows(
    await db.execute(sql`select campaign_id from users where email = ${BENCH_USER.email}`),
  ) as { campaign_id: number }[]
  for (const user of Object.values(WEEK_USERS)) {
    await createUser(db, {
      ...user,
      verified: true,
      campaignId: Number(campaign_id),
      joinedAt: new Date(Date.now() - 60 * 86_400_000),
    })
    await importTrips(db, { email: user.email, trips: weekTrips() }, { timeZone: TZ })
  }
}

/**
 * `participants` more participants (same password hash as the measured one) with `each` ways apiece, so the table
 * holds participants × each more ways.
 */
export async function seedOthers(db: Database['db'], participants: number, each: number): Promise<void> {
  await db.execute(sql`
    insert into users (email, password_hash, verified, campaign_id, pseudonym, first_name)
    select 'other-' || g || '@bench.example', u.password_hash, true, u.campaign_id, 'p_bench_' || g, 'Other'
    from generate_series(1, ${participants}) g, (select password_hash, campaign_id from users where email = ${BENCH_USER.email}) u`)
  // In chunks, so no single statement holds everything in memory.
  const [{ lo, hi }] = rows(
    await db.execute(sql`select min(id) as lo, max(id) as hi from users where email like 'other-%@bench.example'`),
  ) as { lo: number; hi: number }[]
  const chunk = 1000
  for (let from = Number(lo); from <= Number(hi); from += chunk) {
    const to = Math.min(from + chunk - 1, Number(hi))
    await insertWays(
      db,
      sql`select u.id as user_id, g from generate_series(${from}::int, ${to}::int) u(id), generate_series(0, ${each - 1}) g`,
      1,
    )
  }
}

/**
 * Ways (and `legsPerWay` legs each) for the (user_id, g) rows of `source`: way g of a participant starts g/4 days
 * before today at 07:00, 10:00, 13:00 or 16:00 and lasts 25 minutes; statuses, modes and purposes vary with g.
 */
async function insertWays(db: Database['db'], source: ReturnType<typeof sql>, legsPerWay: 1 | 2) {
  await db.execute(sql`
    with src as (${source}),
    ins as (
      insert into trips (user_id, obj_id, creation_type, creation_time, start_time, end_time, distance, fdbk_avail, fdbk_reason_ids,
                         validation_status, confirmation_status, qtn_answered, all_questions_answered)
      select user_id, 'bench-' || g,
             case when g % 17 = 5 then 'CREATED_MANUALLY' else 'CREATED_AUTOMATICALLY' end,
             st + interval '25 minutes', st, st + interval '25 minutes',
             case when g % 17 = 5 then null else 800 + (g * 373) % 9000 end,
             g % 41 = 3, case when g % 41 = 3 then '[2]'::jsonb else '[]'::jsonb end,
             g % 3 = 0, g % 3 = 0, g % 5 <> 0, g % 5 <> 0 or g % 3 <> 0
      from (select user_id, g, date_trunc('day', now()) - (g / ${PER_DAY}) * interval '1 day' + (7 + (g % ${PER_DAY}) * 3) * interval '1 hour' as st from src) s
      returning id, start_time, end_time, distance, validation_status, obj_id
    )
    insert into legs (trip_id, idx, start_time, end_time, len, geom, detected_modes, tfc_modes, purpose_ids, validation_status)
    select id, l.idx,
           start_time + l.idx * interval '12 minutes',
           case when l.idx = ${legsPerWay - 1} then end_time else start_time + interval '12 minutes' end,
           distance / ${legsPerWay},
           '[{"lat":52.5291,"lon":13.3738},{"lat":52.5259,"lon":13.3703},{"lat":52.5066,"lon":13.2835},{"lat":52.4340,"lon":13.1930}]'::jsonb,
           m.modes, m.modes,
           case when validation_status then jsonb_build_array(1 + (id % 9)) else '[]'::jsonb end,
           validation_status
    from ins
    cross join lateral (select generate_series(0, ${legsPerWay - 1}) as idx) l
    cross join lateral (select (array['["WALK"]', '["BICYCLE"]', '["CAR"]', '["PUBLIC_TRANSPORT_TRAIN"]', '["PUBLIC_TRANSPORT_BUS"]'])[1 + (id + l.idx) % 5]::jsonb as modes) m`)
}

/**
 * Statistics, visibility map and hint bits set, dirty pages written, before anything is measured: after a bulk insert
 * of a million rows, PostgreSQL's autovacuum and the first readers' hint-bit writes would otherwise run during the
 * 1M measurement and count against it (the 1M/1k p95 of one run was 1.73 with `/hello` itself 22 % slower).
 */
export async function analyze(db: Database['db']) {
  await db.execute(sql`vacuum analyze`)
  await db.execute(sql`checkpoint`).catch(() => undefined) // needs superuser or pg_checkpoint; only an aid
}

export async function countWays(db: Database['db']): Promise<{ ways: number; participants: number }> {
  const [r] = rows(
    await db.execute(sql`select (select count(*) from trips) as ways, (select count(*) from users) as participants`),
  )
  return { ways: Number(r.ways), participants: Number(r.participants) }
}
