// Purpose suggestions on the demo study: each of the demo participant's confirmed ways is hidden in turn and its
// purpose suggested from the others (leave one out). Prints how often the suggestion is right; a suggestion is
// never written.
import { afterAll, beforeAll, expect, test } from 'vitest'
import { eq } from 'drizzle-orm'
import { asSessionUser, serviceContext, testDatabase } from '../../../tests/db'
import type { Database } from '~/db/connect.server'
import { trips, users } from '~/db/schema'
import { DEMO_LOGIN, seedDemoIfEmpty } from '~/services/seed-demo.server'
import { suggestPurpose } from '~/domain/purposeSuggestion'
import type { AuthedContext } from '../core.server'
import { listOwnPois } from '../poi.server'
import { pastWays, purposeSuggestions } from './suggest.server'

const NOW = new Date('2026-11-25T10:00:00Z')
let database: Database
let demo: AuthedContext

beforeAll(async () => {
  database = await testDatabase()
  await seedDemoIfEmpty(database.db, NOW, { timeZone: 'Europe/Berlin' })
  const [row] = await database.db.select().from(users).where(eq(users.email, DEMO_LOGIN.email))
  demo = serviceContext(database, { user: asSessionUser(row!), now: NOW })
})
afterAll(() => database.close())

test('on the demo study the suggestion names the purpose the participant gave most of the time', async () => {
  const history = await pastWays(demo, await listOwnPois(demo))
  let right = 0
  let wrong = 0
  let none = 0
  for (const way of history) {
    const s = suggestPurpose(
      way,
      history.filter((h) => h.id !== way.id),
    )
    if (!s) none++
    else if (s.purposeId === way.purposeId) right++
    else wrong++
  }
  const suggested = right + wrong
  console.log(
    `purpose suggestions on the demo study: ${right} of ${suggested} suggested right (${Math.round((100 * right) / Math.max(1, suggested))} %), ${none} of ${history.length} ways without a suggestion`,
  )
  expect(history.length).toBeGreaterThan(5)
  expect(suggested).toBeGreaterThan(0)
  expect(right / suggested).toBeGreaterThanOrEqual(0.6)
})

test('suggesting writes nothing', async () => {
  const before = await database.db.select().from(trips).where(eq(trips.userId, demo.user.id))
  const open = before.filter((t) => !t.confirmationStatus && !t.validationStatus)
  await purposeSuggestions(
    demo,
    open.map((t) => ({ id: t.id, start: t.startTime.toISOString() })),
  )
  const after = await database.db.select().from(trips).where(eq(trips.userId, demo.user.id))
  expect(after.map((t) => [t.id, t.version])).toEqual(before.map((t) => [t.id, t.version]))
})
