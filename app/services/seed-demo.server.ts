// The demo study, seeded into an empty database at boot (DEMO=1): the campaign 'Mobil in Berlin 2026', the demo
// participant with four weeks of recorded ways and places, and a second participant for permission tests.
// It goes through the researcher import (import.server.ts), so every start proves that path works.
import { count } from 'drizzle-orm'
import type { Db, DbOrTx } from '~/db/connect.server'
import { pois, users } from '~/db/schema'
import { addDays, dayInZone, dayRangeUtc } from '~/domain/time'
import { assignCampaign, createUser, importCampaign, importTrips, lockImports } from '~/services/import.server'
import { studyTimeZone } from '~/infra/env.server'
import { demoCampaign } from './demo/campaign'
import { DANA, OLAF } from './demo/profiles'
import { generateWays, type PoiRefs, type Profile } from './demo/ways'

export const DEMO_LOGIN = { email: 'demo@example.org', password: 'demo1234' } as const
/** A second participant with a few ways of their own: another user's data for permission tests. */
export const OTHER_LOGIN = { email: 'other@example.org', password: 'other1234' } as const

/** Campaign runs this many days before and after the seed day. */
const CAMPAIGN_HALF_DAYS = 28

/** Seeds the demo study if the users table is empty; returns whether it did. */
export async function seedDemoIfEmpty(db: Db, now: Date, opts: { timeZone?: string } = {}): Promise<boolean> {
  const timeZone = opts.timeZone ?? studyTimeZone()
  // One transaction under the import lock: app processes booting together against one PostgreSQL seed once,
  // and a failure leaves no half-seeded study behind.
  return db.transaction(async (tx) => {
    await lockImports(tx)
    const [{ n }] = await tx.select({ n: count() }).from(users)
    if (n > 0) return false
    await seedDemo(tx, now, timeZone)
    return true
  })
}

async function seedDemo(tx: DbOrTx, now: Date, timeZone: string) {
  const today = dayInZone(now, timeZone)
  const endDay = addDays(today, CAMPAIGN_HALF_DAYS)
  const campaign = demoCampaign({
    startDay: addDays(today, -CAMPAIGN_HALF_DAYS),
    endDay,
    finalFromDay: addDays(endDay, -7),
  })
  const campaignId = await importCampaign(tx, campaign, { timeZone })
  // Both demo participants joined when the study began: every day of it is one of their study days.
  const joinedAt = dayRangeUtc(addDays(today, -CAMPAIGN_HALF_DAYS), timeZone).start

  // The demo participant is assigned separately, the other one on creation: both import paths get exercised.
  const dana = await createUser(tx, { ...DEMO_LOGIN, verified: true, firstName: 'Dana', lastName: 'Demo', joinedAt })
  await assignCampaign(tx, { campaignId, email: DEMO_LOGIN.email })
  const danaPois = await insertPois(tx, dana.id, DANA, DANA_POIS, now)
  const danaWays = generateWays({
    now,
    timeZone,
    seed: 'dana',
    profile: DANA,
    days: CAMPAIGN_HALF_DAYS,
    emptyDays: 4,
    confirmedShare: 0.4,
    pois: danaPois,
  })
  await importTrips(tx, { email: DEMO_LOGIN.email, trips: danaWays }, { timeZone })

  const olaf = await createUser(tx, {
    ...OTHER_LOGIN,
    verified: true,
    firstName: 'Olaf',
    lastName: 'Other',
    campaignId,
    joinedAt,
  })
  const olafPois = await insertPois(tx, olaf.id, OLAF, OLAF_POIS, now)
  const olafWays = generateWays({
    now,
    timeZone,
    seed: 'olaf',
    profile: OLAF,
    days: 4,
    emptyDays: 0,
    confirmedShare: 0.4,
    maxWays: 5,
    pois: olafPois,
  })
  await importTrips(tx, { email: OTHER_LOGIN.email, trips: olafWays }, { timeZone })
}

interface PoiSeed {
  place: string
  name: string
  desc: string
  /** null: never verified (the edit control of development mode shows only for those). */
  verificationStatus: boolean | null
  creationType: 'CREATED_AUTOMATICALLY' | 'CREATED_MANUALLY'
}

const DANA_POIS: PoiSeed[] = [
  {
    place: 'home',
    name: 'Zuhause',
    desc: 'Kollwitzstraße, 10405 Berlin',
    verificationStatus: true,
    creationType: 'CREATED_AUTOMATICALLY',
  },
  {
    place: 'work',
    name: 'Arbeit',
    desc: 'Linkstraße, 10785 Berlin',
    verificationStatus: true,
    creationType: 'CREATED_AUTOMATICALLY',
  },
  {
    place: 'supermarket',
    name: 'Supermarkt',
    desc: 'Danziger Straße, 10435 Berlin',
    verificationStatus: false,
    creationType: 'CREATED_AUTOMATICALLY',
  },
  {
    place: 'gym',
    name: 'Fitnessstudio',
    desc: 'Frankfurter Tor, 10243 Berlin',
    verificationStatus: null,
    creationType: 'CREATED_MANUALLY',
  },
]

const OLAF_POIS: PoiSeed[] = [
  {
    place: 'home',
    name: 'Zuhause',
    desc: 'Richard-Wagner-Platz, 10585 Berlin',
    verificationStatus: true,
    creationType: 'CREATED_AUTOMATICALLY',
  },
]

/** Pois have no import format (addPoi is the participant's own call), so they are inserted directly. */
async function insertPois(tx: DbOrTx, userId: number, profile: Profile, seeds: PoiSeed[], now: Date): Promise<PoiRefs> {
  const created = new Date(now.getTime() - CAMPAIGN_HALF_DAYS * 86_400_000)
  const rows = await tx
    .insert(pois)
    .values(
      seeds.map((s) => ({
        userId,
        name: s.name,
        desc: s.desc,
        verificationStatus: s.verificationStatus,
        creationType: s.creationType,
        creationDate: created,
        lat: profile.places[s.place].lat,
        lon: profile.places[s.place].lon,
      })),
    )
    .returning({ id: pois.id, name: pois.name, lat: pois.lat, lon: pois.lon })
  // Names are unique per participant here; matching by name does not rely on RETURNING's row order.
  return Object.fromEntries(seeds.map((s) => [s.place, rows.find((r) => r.name === s.name)!]))
}
