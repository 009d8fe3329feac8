// Moving between a participant's ways, against a real database (PGlite, or PostgreSQL with TEST_DB_KIND=postgres):
// the list page a way stands on (ordered by start, newest first, ties by id; within a filter only its ways count)
// and the next way to review (further down the list first, then from the top).
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { asSessionUser, serviceContext, testDatabase } from '../../../tests/db'
import { constantOf as errorOf } from '../../../tests/service-error'
import type { Database, Db } from '~/db/connect.server'
import { users } from '~/db/schema'
import { DEMO_LOGIN, seedDemoIfEmpty } from '~/services/seed-demo.server'
import type { ServiceContext } from '../core.server'
import { createUser } from '../import.server'
import { tripService } from '../trip.server'
import { listPageOf, nextOpenWay } from './navigation.server'

const TZ = 'Europe/Berlin'
const NOW = new Date('2026-11-05T10:00:00Z')

let database: Database
let db: Db
let demo: ServiceContext & { user: NonNullable<ServiceContext['user']> }

async function ctxFor(email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, email))
  return serviceContext(database, { user: asSessionUser(row), now: NOW }) as typeof demo
}

/** A way entered by hand on one leg. */
const newWay = (leg: { startTime: string; endTime: string }) => ({
  trp: {
    id: '0' as const,
    name: null,
    creationType: 'CREATED_MANUALLY' as const,
    legs: [{ ...leg, tfcModes: ['WALK'], tripPurposes: [1], applyGeom: false }],
  },
})

beforeAll(async () => {
  database = await testDatabase()
  db = database.db
  await seedDemoIfEmpty(db, NOW, { timeZone: TZ })
  demo = await ctxFor(DEMO_LOGIN.email)
})
afterAll(() => database.close())

describe('the way navigation', () => {
  test('the list page of the new way: by start, newest first, ties by id', async () => {
    const fresh = await createUser(db, {
      email: 'fresh@example.org',
      password: 'secret',
      verified: true,
      campaignId: 1,
    })
    const ctx = await ctxFor(fresh.email)
    const at = (day: string) => tripService.addTrip(ctx, newWay({ startTime: `${day} 10:00`, endTime: `${day} 11:00` }))
    const middle = await at('2026-11-02')
    const newest = await at('2026-11-04')
    const oldest = await at('2026-10-20')
    const sameStart = await at('2026-11-02')
    // Order: newest, sameStart (same start, higher id), middle, oldest.
    expect(await listPageOf(ctx, newest.trp.id, {}, 2)).toBe(1)
    expect(await listPageOf(ctx, sameStart.trp.id, {}, 2)).toBe(1)
    expect(await listPageOf(ctx, middle.trp.id, {}, 2)).toBe(2)
    expect(await listPageOf(ctx, oldest.trp.id, {}, 2)).toBe(2)
    expect(await listPageOf(ctx, oldest.trp.id, {}, 1)).toBe(4)
    // Given the way as its page read it, the same page without reading its row again.
    for (const w of [newest, sameStart, middle, oldest])
      expect(await listPageOf(ctx, w.trp, {}, 1)).toBe(await listPageOf(ctx, w.trp.id, {}, 1))
    expect(await errorOf(listPageOf(demo, oldest.trp.id))).toBe('TRIP_NOT_FOUND')
    // Within a filter only that filter's ways count; a way that left the filter gets the page it would be on.
    await tripService.setTripPurposes(ctx, { id: newest.trp.id, purposeIds: [1] })
    await tripService.confirmTrip(ctx, { id: newest.trp.id })
    expect(await listPageOf(ctx, sameStart.trp.id, { validationStatus: false }, 1)).toBe(1)
    expect(await listPageOf(ctx, newest.trp.id, { validationStatus: false }, 1)).toBe(1)
    expect(await listPageOf(ctx, oldest.trp.id, { validationStatus: false }, 1)).toBe(3)
    expect(await listPageOf(ctx, newest.trp.id, { validationStatus: true }, 1)).toBe(1)
  })

  test('the next way to review: further down the list first, then from the top; none when all are confirmed', async () => {
    const fresh = await createUser(db, { email: 'next@example.org', password: 'secret', verified: true, campaignId: 1 })
    const ctx = await ctxFor(fresh.email)
    const at = async (day: string) =>
      (await tripService.addTrip(ctx, newWay({ startTime: `${day} 10:00`, endTime: `${day} 11:00` }))).trp.id
    const older = await at('2026-10-01')
    const middle = await at('2026-10-02')
    const newer = await at('2026-10-03')
    expect(await nextOpenWay(ctx, middle)).toBe(older)
    expect(await nextOpenWay(ctx, older)).toBe(newer)
    for (const id of [older, newer]) {
      await tripService.setTripPurposes(ctx, { id, purposeIds: [1] })
      await tripService.confirmTrip(ctx, { id })
    }
    expect(await nextOpenWay(ctx, older)).toBe(middle)
    // A reported way is not offered.
    const reasons = (await tripService.getTripFeedbackReasons(ctx, {})).trpFdbkReasons
    await tripService.setTripFeedback(ctx, { id: middle, trpFdbkReasonIds: [reasons[0]!.id] })
    expect(await nextOpenWay(ctx, newer)).toBeNull()
  })
})
