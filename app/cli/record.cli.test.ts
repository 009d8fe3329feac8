// A record researchers can trust, through the researcher CLI's commands (runCommand, as both the CLI process and a
// server running a handed-off command call it) against a real database (PGlite; PostgreSQL with
// TEST_DB_KIND=postgres): a trips file imported twice adds nothing and says so, a changed way is reported and left
// alone, a participant who joined late (`user:create --joined`) has only their real study days counted by `status`.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { testDatabase } from '../../tests/db'
import type { Database } from '~/db/connect.server'
import { trips, users, zeroTripDays } from '~/db/schema'
import { dayInZone } from '~/domain/time'
import { CommandError, runCommand } from './commands.server'

const examples = path.resolve(import.meta.dirname, '../../docs/examples')
const readExample = (name: string) => JSON.parse(fs.readFileSync(path.join(examples, name), 'utf8'))

let database: Database
let campaign: number
let tmp: string

beforeAll(async () => {
  database = await testDatabase()
  const { output } = await runCommand(database.db, 'campaign:import', { data: readExample('campaign.json') })
  campaign = Number(output.at(-1))
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'record-cli-'))
})
afterAll(async () => {
  fs.rmSync(tmp, { recursive: true, force: true })
  await database.close()
})

const run = async (command: string, args: Record<string, unknown>) =>
  (await runCommand(database.db, command, args)).output
const waysOf = async (email: string) =>
  (
    await database.db
      .select({ n: count() })
      .from(trips)
      .innerJoin(users, eq(users.id, trips.userId))
      .where(eq(users.email, email))
  )[0].n

describe('trips:import twice', () => {
  test('the second run adds nothing and its summary says so; a dry run says it first', async () => {
    const email = 'again@example.org'
    await run('user:create', { email, password: 'secret123', verified: true, campaign })
    const data = readExample('trips.json')
    expect(await run('trips:import', { email, data })).toEqual([
      `imported 3 new (5 legs), 0 already present, 0 changed for ${email}`,
    ])
    expect(await run('trips:import', { email, data, dryRun: true })).toEqual([
      `dry run: would import 0 new (0 legs), 3 already present, 0 changed for ${email}; nothing was written`,
    ])
    expect(await run('trips:import', { email, data })).toEqual([
      `imported 0 new (0 legs), 3 already present, 0 changed for ${email}`,
    ])
    expect(await waysOf(email)).toBe(3)
  })

  test('a corrected file: the changed way is named and left as it is, the new one added', async () => {
    const email = 'corrected@example.org'
    await run('user:create', { email, password: 'secret123', verified: true, campaign })
    const data = readExample('trips.json').map((t: object, i: number) => ({ ...t, id: `night-${i}` }))
    await run('trips:import', { email, data })
    const [before] = await database.db
      .select()
      .from(trips)
      .innerJoin(users, eq(users.id, trips.userId))
      .where(eq(trips.importId, 'night-1'))
    const corrected = structuredClone(data)
    corrected[1].name = 'Korrigiert'
    const extra = structuredClone(data[0])
    extra.id = 'night-3'
    for (const leg of extra.legs) {
      leg.startTime = leg.startTime.replace('2026-05-05', '2026-05-06')
      leg.endTime = leg.endTime.replace('2026-05-05', '2026-05-06')
    }
    const output = await run('trips:import', { email, data: [...corrected, extra] })
    expect(output).toEqual([
      `changed: [1] is way ${before.trips.id}, given differently; left as it is`,
      `imported 1 new (${extra.legs.length} legs), 2 already present, 1 changed for ${email}`,
    ])
    const [after] = await database.db.select().from(trips).where(eq(trips.id, before.trips.id))
    expect(after).toEqual(before.trips)
    expect(await waysOf(email)).toBe(4)
  })
})

describe('a participant who joined late', () => {
  test('user:create --joined: status counts their days from that day only', async () => {
    const email = 'late@example.org'
    expect(await run('user:create', { email, password: 'secret123', campaign, joined: '2026-05-20' })).toEqual([
      expect.stringMatching(
        /^created user late@example\.org \(id \d+, pseudonym p_\w+, not verified, campaign \d+, joined 2026-05-20\)$/,
      ),
    ])
    const [u] = await database.db.select().from(users).where(eq(users.email, email))
    expect(dayInZone(u.createdAt, 'Europe/Berlin')).toBe('2026-05-20')
    await database.db.insert(zeroTripDays).values([
      { userId: u.id, day: '2026-05-10' },
      { userId: u.id, day: '2026-05-21' },
    ])
    const csv = path.join(tmp, 'status.csv')
    await run('status', { campaign, csv })
    const [header, ...rows] = fs.readFileSync(csv, 'utf8').trim().split('\r\n')
    const cells = (row: string) => Object.fromEntries(header.split(',').map((h, i) => [h, row.split(',')[i]]))
    const late = rows.map(cells).find((r) => r.participant === u.pseudonym)!
    // 20 to 31 May: twelve study days; one confirmed without ways, the mark before joining not counted.
    expect(late).toMatchObject({ days_without_trips: '1', days_open: '11' })
  })

  test('a day in the future or no day at all is refused, and no account is made', async () => {
    const refused = (joined: string) =>
      run('user:create', { email: `never-${joined}@example.org`, password: 'secret123', campaign, joined })
    await expect(refused('2999-01-01')).rejects.toThrow(
      new CommandError('user:create: --joined: 2999-01-01 is in the future'),
    )
    await expect(refused('2026-02-30')).rejects.toThrow('user:create: --joined: expected a day as YYYY-MM-DD')
    await expect(refused('20.05.2026')).rejects.toThrow('user:create: --joined: expected a day as YYYY-MM-DD')
    const made = await database.db.select().from(users).where(eq(users.email, 'never-2999-01-01@example.org'))
    expect(made).toEqual([])
  })
})
