// `npm run bench:status`: how long the researcher's `status` takes on a large study: 10,000 participants with
// 1,000,000 ways (100 each), seeded with the throughput bench's set-based SQL into a temporary PGlite (and a
// temporary PostgreSQL database when DATABASE_URL is set). Measures the one aggregate query of studyStatus and the
// per-day chart query of --html, median of 5 runs after one warm-up; prints JSON to stdout and writes it to
// bench/results/status-<date>.json. Progress goes to stderr.
import '../scripts/require-node.mjs'
import fs from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { studyStatus, waysPerDay } from '~/services/study.server'
import { analyze, countWays, seedMeasured, seedOthers } from './seed'
import { ROOT } from './server'
import { pgliteStore, postgresStore, type Store } from './stores'

const log = (line: string) => process.stderr.write(`${line}\n`)
const PARTICIPANTS = Number(process.env.BENCH_STATUS_PARTICIPANTS ?? 10_000)
const EACH = Number(process.env.BENCH_STATUS_WAYS_EACH ?? 100)
const RUNS = 5

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t = performance.now()
  await fn()
  return performance.now() - t
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

async function measure(store: Store) {
  const database = await store.open()
  try {
    const db = database.db
    const t0 = Date.now()
    const userId = await seedMeasured(db, EACH)
    await seedOthers(db, PARTICIPANTS - 1, EACH)
    // Some days without trips and sessions, so every part of the query has rows to aggregate.
    await db.execute(sql`insert into zero_trip_days (user_id, day) select id, current_date - (id % 20) from users`)
    await db.execute(sql`insert into sessions (token_hash, user_id, last_seen_at, expires_at, absolute_expires_at)
      select 'bench-' || id, id, now() - (id % 10) * interval '1 day', now() + interval '1 day', now() + interval '30 days' from users`)
    await analyze(db)
    const counts = await countWays(db)
    log(
      `${store.kind}: seeded ${counts.participants} participants, ${counts.ways} ways in ${Math.round((Date.now() - t0) / 1000)} s`,
    )
    const [{ campaign_id: campaignId }] = (
      (await db.execute(sql`select campaign_id from users where id = ${userId}`)) as unknown as {
        rows: { campaign_id: number }[]
      }
    ).rows
    const status: number[] = []
    const days: number[] = []
    let participants = 0
    await studyStatus(db, { campaignId })
    for (let i = 0; i < RUNS; i++) {
      status.push(
        await timed(async () => void (participants = (await studyStatus(db, { campaignId })).participants.length)),
      )
      days.push(await timed(() => waysPerDay(db, campaignId, 'Europe/Berlin')))
    }
    const r = {
      store: store.kind,
      ...counts,
      participantsInCampaign: participants,
      statusMs: Math.round(median(status)),
      statusRunsMs: status.map(Math.round),
      waysPerDayMs: Math.round(median(days)),
    }
    log(`${store.kind}: status ${r.statusMs} ms (median of ${RUNS}), chart query ${r.waysPerDayMs} ms`)
    return r
  } finally {
    await database.close()
    await store.dispose()
  }
}

const results = [await measure(pgliteStore())]
if (process.env.DATABASE_URL) results.push(await measure(await postgresStore(process.env.DATABASE_URL)))
const report = { date: new Date().toISOString(), participants: PARTICIPANTS, waysEach: EACH, results }
const json = JSON.stringify(report, null, 2)
fs.mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true })
fs.writeFileSync(path.join(ROOT, `bench/results/status-${report.date.slice(0, 10)}.json`), `${json}\n`)
process.stdout.write(`${json}\n`)
process.exit(0)
