// Back up and restore, as docs/operations.md describes it. The embedded database: a copy of DATA_DIR/db
// taken while nothing has it open, and PGlite's dumpDataDir() tarball taken through an open database; both restored
// and checked (the change made after the backup is gone, everything before it is there). PostgreSQL (when
// configured): pg_dump -Fc, a change, pg_restore into a new database, the same checks.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { eq } from 'drizzle-orm'
import { afterAll, describe, expect, test } from 'vitest'
import { connect, type Database } from '~/db/connect.server'
import { pois, users } from '~/db/schema'
import { createUser } from '~/services/import.server'
import { usePostgres } from './db'
import { freshPostgresDatabase, NO_POSTGRES_REASON, postgresUrl, tempDir } from './proc'

const PG = postgresUrl()
const dirs: string[] = []
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true })
})

async function seed(database: Database) {
  const u = await createUser(database.db, { email: 'backup@example.org', password: 'secret123', verified: true })
  await database.db.insert(pois).values({ userId: u.id, name: 'before backup', lat: 52.5, lon: 13.4 })
  return u.id
}
async function change(database: Database, userId: number) {
  await database.db.insert(pois).values({ userId, name: 'after backup', lat: 52.6, lon: 13.5 })
  await database.db.update(users).set({ firstName: 'Changed' }).where(eq(users.id, userId))
}
async function expectBackupState(database: Database, userId: number) {
  const names = (await database.db.select({ name: pois.name }).from(pois).where(eq(pois.userId, userId))).map(
    (p) => p.name,
  )
  expect(names).toEqual(['before backup'])
  const [u] = await database.db.select().from(users).where(eq(users.id, userId))
  expect(u).toMatchObject({ email: 'backup@example.org', firstName: null, verified: true })
}

// The embedded part runs in the PGlite pass of npm test, the PostgreSQL part in its PostgreSQL pass.
describe.skipIf(usePostgres)('embedded database', () => {
  test('copy of DATA_DIR/db while stopped: restore, and the later change is gone', async () => {
    const root = tempDir('backup')
    dirs.push(root)
    const db = path.join(root, 'data/db')
    let database = await connect({ dataDir: db })
    const userId = await seed(database)
    await database.close()
    // Backup: the server is stopped (or the CLI lock is held), so the directory is consistent.
    fs.cpSync(db, path.join(root, 'backup/db'), { recursive: true })

    database = await connect({ dataDir: db })
    await change(database, userId)
    await database.close()

    // Restore: stop the server, replace the directory, start again.
    fs.rmSync(db, { recursive: true, force: true })
    fs.cpSync(path.join(root, 'backup/db'), db, { recursive: true })
    database = await connect({ dataDir: db })
    await expectBackupState(database, userId)
    await database.close()
  }, 120_000)

  test('dumpDataDir tarball of an open database: restore into a fresh DATA_DIR/db', async () => {
    const root = tempDir('backup-tar')
    dirs.push(root)
    const dir = path.join(root, 'data/db')
    const database = await connect({ dataDir: dir })
    const userId = await seed(database)
    // The same PGlite the app uses hands out a consistent tarball of its data directory.
    const client = (database.db as unknown as { $client: PGlite }).$client
    const dump = await client.dumpDataDir('gzip')
    fs.writeFileSync(path.join(root, 'backup.tar.gz'), Buffer.from(await dump.arrayBuffer()))
    await change(database, userId)
    await database.close()

    const restoredDir = path.join(root, 'restored/db')
    fs.mkdirSync(restoredDir, { recursive: true })
    const blob = new Blob([fs.readFileSync(path.join(root, 'backup.tar.gz'))])
    const loaded = new PGlite(restoredDir, { loadDataDir: blob })
    await loaded.waitReady
    await loaded.close()
    const restored = await connect({ dataDir: restoredDir })
    await expectBackupState(restored, userId)
    await restored.close()
  }, 120_000)
})

describe.skipIf(!PG || !usePostgres)(
  `PostgreSQL${PG && usePostgres ? '' : ` (skipped: runs with TEST_DB_KIND=postgres; ${NO_POSTGRES_REASON})`}`,
  () => {
    test('pg_dump -Fc, change, pg_restore into a new database', async () => {
      const source = await freshPostgresDatabase(PG!)
      const target = await freshPostgresDatabase(PG!)
      const root = tempDir('backup-pg')
      dirs.push(root)
      try {
        let database = await connect({ databaseUrl: source.url, poolSize: 2 })
        const userId = await seed(database)
        const file = path.join(root, 'travel-diary.dump')
        execFileSync('pg_dump', ['--format=custom', '--no-owner', `--file=${file}`, source.url])
        await change(database, userId)
        await database.close()

        execFileSync('pg_restore', ['--no-owner', `--dbname=${target.url}`, file])
        database = await connect({ databaseUrl: target.url, poolSize: 2 })
        await expectBackupState(database, userId)
        await database.close()
      } finally {
        await source.drop()
        await target.drop()
      }
    }, 120_000)
  },
)
