// The research export end to end through the researcher CLI: `node --import tsx app/cli/admin.ts export …` as a child process
// against a DATA_DIR with the demo study (exit code, files, the clear refusal of an unknown campaign), and the
// memory check: a generated study of 20,000 legs exported in a child process with --expose-gc, whose heap after a
// full collection must not grow from batch to batch (no timing involved). The children use PGlite whatever
// TEST_DB_KIND says, so the PostgreSQL pass of `npm test` skips this file (export.test.ts covers PostgreSQL).
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { usePostgres } from '../../tests/db'
import { runNode } from '../../tests/proc'
import { connect } from '~/db/connect.server'
import { seedDemoIfEmpty } from '~/services/seed-demo.server'
import { EXPORT_FILES } from '~/services/export.server'

// Child processes open PGlite and run the migrations: slow on a busy shared machine.
const SLOW = 600_000

const run = runNode

let tmp: string
beforeAll(async () => {
  if (usePostgres) return
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'export-cli-'))
  const database = await connect({ dataDir: path.join(tmp, 'data', 'db') })
  await seedDemoIfEmpty(database.db, new Date())
  await database.close()
  // Private, as the server leaves its data: the CLI warns about anything below DATA_DIR open to others.
  execFileSync('chmod', ['-R', 'go-rwx', path.join(tmp, 'data')])
}, SLOW)
afterAll(() => tmp && fs.rmSync(tmp, { recursive: true, force: true }))

describe.skipIf(usePostgres)('npm run admin -- export', () => {
  test(
    'writes the files and exits 0',
    async () => {
      const out = path.join(tmp, 'out')
      const r = await run(['--import', 'tsx', 'app/cli/admin.ts', 'export', '--campaign', '1', '--out', out], {
        DATA_DIR: path.join(tmp, 'data'),
      })
      expect(r.stderr).toBe('')
      expect(r.code).toBe(0)
      expect(r.stdout).toMatch(/^exported campaign 1 "Mobil in Berlin 2026": 2 participants, \d+ ways, \d+ legs/)
      expect(r.stdout).toContain(`to ${out}`)
      expect(fs.readdirSync(out).sort()).toEqual([...EXPORT_FILES].sort())
      const fc = JSON.parse(fs.readFileSync(path.join(out, 'trips.geojson'), 'utf8'))
      expect(fc.type).toBe('FeatureCollection')
      expect(fc.features.length).toBe(Number(/(\d+) legs/.exec(r.stdout)![1]))
    },
    SLOW,
  )

  test(
    'refuses an unknown campaign with exit code 1 and writes nothing',
    async () => {
      const out = path.join(tmp, 'never')
      const r = await run(['--import', 'tsx', 'app/cli/admin.ts', 'export', '--campaign', '99', '--out', out], {
        DATA_DIR: path.join(tmp, 'data'),
      })
      expect(r.code).toBe(1)
      expect(r.stderr).toBe('error: campaign 99 does not exist\n')
      expect(r.stdout).toBe('')
      expect(fs.existsSync(out)).toBe(false)
    },
    SLOW,
  )
})

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1)

describe.skipIf(usePostgres)('memory', () => {
  test(
    'the heap stays flat while 10,000 ways with 20,000 legs are exported',
    async () => {
      const out = path.join(tmp, 'memory')
      const r = await run(['--expose-gc', '--import', 'tsx', 'tests/export-memory.ts', out])
      expect(r.stderr).toBe('')
      expect(r.code).toBe(0)
      const m = JSON.parse(r.stdout.trim().split('\n').pop()!) as {
        summary: string
        before: number
        batches: number[]
        after: number
        geojsonBytes: number
      }
      expect(m.summary).toContain('10000 ways, 20000 legs')
      const MB = 1024 * 1024
      // Ten batches of 1,000 ways; the GeoJSON alone is ~35 MB.
      expect(m.batches).toHaveLength(10)
      expect(m.geojsonBytes).toBeGreaterThan(30 * MB)
      // One batch in memory at a time: the heap after GC does not grow from the first batches to the last ones
      // (holding the written features would add ~3.5 MB per batch, ~24 MB from batches 2–4 to batches 8–10), and the
      // peak stays well below the size of the data. Medians of three readings. Two CI runs failed here with one
      // ~11 MB step that then stayed: the loop still held the batch's text while it read the next batch, and V8 at
      // times kept a flattened copy of it; runExport now builds each batch's text in a function that has returned
      // before the reading (20 runs without a step, 2 of 6 had one before).
      const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
      const readings = `heap in MB before ${mb(m.before)}, after each batch ${m.batches.map(mb).join(' ')}, after ${mb(m.after)}`
      expect(
        median(m.batches.slice(-3)) - median(m.batches.slice(1, 4)),
        `late batches vs early ones; ${readings}`,
      ).toBeLessThan(8 * MB)
      expect(median(m.batches) - m.before, `batches vs before; ${readings}`).toBeLessThan(16 * MB)
      expect(m.after - m.before, `after vs before; ${readings}`).toBeLessThan(8 * MB)
    },
    SLOW,
  )
})
