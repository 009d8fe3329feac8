// Memory check of the research export (constant memory however large the study), run as a child process
// with --expose-gc by app/cli/export.cli.test.ts: a generated study of 10,000 ways with 20,000 legs of 60 points
// each, exported in batches; prints the heap after a full GC before, after each batch and after the export as JSON.
//   node --expose-gc --import tsx tests/export-memory.ts OUT_DIR
import fs from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { connect } from '~/db/connect.server'
import { campaigns, users } from '~/db/schema'
import { runExport } from '~/services/export.server'

const gc = (globalThis as { gc?: () => void }).gc
if (!gc) throw new Error('run with node --expose-gc')
const outDir = process.argv[2]
if (!outDir) throw new Error('usage: export-memory.ts OUT_DIR')
const WAYS = Number(process.env.EXPORT_MEMORY_WAYS ?? 10_000)
const POINTS = 60

const database = await connect({})
const db = database.db
const [campaign] = await db
  .insert(campaigns)
  .values({ name: 'Memory check', startAt: new Date('2026-01-01T00:00:00Z'), endAt: new Date('2026-12-31T00:00:00Z') })
  .returning()
const [user] = await db
  .insert(users)
  .values({ email: 'memory@example.org', passwordHash: 'x', pseudonym: 'p_memory', campaignId: campaign.id })
  .returning()
await db.execute(sql`
  INSERT INTO trips (user_id, creation_type, start_time, end_time, distance, validation_status, confirmation_status)
  SELECT ${user.id}, 'CREATED_AUTOMATICALLY', timestamptz '2026-01-01 08:00+01' + g * interval '1 hour',
         timestamptz '2026-01-01 08:30+01' + g * interval '1 hour', 2000, g % 2 = 0, g % 2 = 0
  FROM generate_series(1, ${WAYS}) g`)
await db.execute(sql`
  INSERT INTO legs (trip_id, idx, start_time, end_time, len, geom, detected_modes, tfc_modes, purpose_ids, validation_status)
  SELECT t.id, i, t.start_time + i * interval '15 minutes', t.start_time + (i + 1) * interval '15 minutes', 1000,
         (SELECT jsonb_agg(jsonb_build_object('lat', 52.5 + j * 0.0001 + t.id * 0.000001, 'lon', 13.4 + j * 0.0001)) FROM generate_series(1, ${POINTS}) j),
         '["WALK"]'::jsonb, CASE WHEN i = 0 THEN '["BICYCLE"]'::jsonb ELSE '["WALK"]'::jsonb END, '[]'::jsonb, t.validation_status
  FROM trips t CROSS JOIN generate_series(0, 1) i`)

// Two full collections: the first can leave garbage that only finalizers or weak references release (seen once as a
// 12 MB outlier on a fresh clone), the second measures what is really still held.
const heap = () => {
  gc()
  gc()
  return process.memoryUsage().heapUsed
}
const before = heap()
const batches: number[] = []
const summary = await runExport(
  db,
  { campaignId: campaign.id, outDir, withIdentity: false },
  { onBatch: (b) => b.kind === 'ways' && batches.push(heap()) },
)
const after = heap()
await database.close()
const geojsonBytes = fs.statSync(path.join(outDir, 'trips.geojson')).size
process.stdout.write(JSON.stringify({ summary, before, batches, after, geojsonBytes }) + '\n')
