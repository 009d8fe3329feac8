// Model-based test of the review loop: random sequences of what a participant (web forms) and the companion app (HTTP
// API) can call — updateLeg on single legs (with validationStatus true, as the app always sends it), setTripPurposes,
// deleteLegs, copyLeg, copyTrip, confirmTrip, completeTrip, reports and withdrawals, no-trip days, manual add and
// edit with current and stale versions, splitting a way (between legs or inside a leg), merging it with its neighbour
// and undoing either — against the real services on PGlite. After every step:
// - the services agree with the state machine: an action the way's state allows is never refused for its state
//   (WRONG_STEP, TRIP_CONFIRMED, TRIP_REPORTED), one it does not allow is refused;
// - a refused call changes nothing; a dialog saved without a change changes nothing (not even the version);
// - a confirmed way never changes (purposes, modes, legs);
// - list (getTrips), detail (tripDetail) and API (getTrip) give the same status and step; what a GET would be answered
//   from memory (under the participant's data version) equals what the database holds;
// - a successful change keeps exactly what was sent (nothing dropped); a single pick (one mode, one purpose) never
//   leaves the old value beside the new one;
// - confirming from the card keeps the legs' purposes and fills only the empty ones, never with a mode unknown;
// - a post from an old version is refused (TRIP_CHANGED) and changes nothing, unless it is already satisfied;
// - a day is never both marked as without ways and with ways;
// - nothing recorded is lost: a split's two ways hold the way's points (the cut point in both), a merged way those
//   of both ways;
// - an undo restores exactly the ways its split or merge replaced (ids, legs, purposes, modes; the version moves on).
// At the end of every run each way is finished by following only offered actions (withdraw a report, set the
// purposes, confirm): it must reach a confirmed state. The seed is printed by fast-check on failure
// (reproduce with WAY_MODEL_SEED=<seed>).
import { asc, eq } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { Database, Db } from '~/db/connect.server'
import { legs, trips, users } from '~/db/schema'
import { DEMO_LOGIN, seedDemoIfEmpty } from '~/services/seed-demo.server'
import { ANSWER_BOUNDS } from '~/domain/limits'
import { quickConfirmable, quickPurposes, wayFacts, wayState, type WayAction } from '~/domain/wayState'
import { ServiceError, type AuthedContext } from '~/services/core.server'
import { createUser, importTrips } from '~/services/import.server'
import { listTripPurposes } from '~/services/info.server'
import { tripService } from '~/services/trip.server'
import { confirmWithPurpose } from '~/services/trip/confirm.server'
import { tripDetail } from '~/services/trip/edit.server'
import { asSessionUser, serviceContext, testDatabase } from './db'

const TZ = 'Europe/Berlin'
const MODEL_EMAIL = 'model@example.org'
const NOW = new Date('2026-11-05T10:00:00Z')
const RUNS = Number(process.env.WAY_MODEL_RUNS ?? 120)
const STATE_ERRORS = new Set(['WRONG_STEP', 'TRIP_CONFIRMED', 'TRIP_REPORTED'])
const MODES = ['WALK', 'BICYCLE', 'CAR', 'PUBLIC_TRANSPORT_BUS', 'PUBLIC_TRANSPORT_TRAIN']

let database: Database
let db: Db
let me: AuthedContext
let purposeIds: number[]
let reasonIds: number[]
let dayCounter = 0
let markCounter = 0
let steps = 0

beforeAll(async () => {
  database = await testDatabase()
  db = database.db
  await seedDemoIfEmpty(db, NOW, { timeZone: TZ })
  const [demo] = await db.select().from(users).where(eq(users.email, DEMO_LOGIN.email))
  // A participant of the demo campaign without ways of their own, there since the study began (as the demo's are).
  await createUser(db, {
    email: MODEL_EMAIL,
    password: 'model123',
    verified: true,
    campaignId: demo.campaignId!,
    joinedAt: demo.createdAt,
  })
  const [row] = await db.select().from(users).where(eq(users.email, MODEL_EMAIL))
  me = serviceContext(database, { user: asSessionUser(row), now: NOW })
  purposeIds = (await listTripPurposes(me)).map((p) => p.id).slice(0, 4)
  reasonIds = (await tripService.getTripFeedbackReasons(me, {})).trpFdbkReasons.map((r: { id: number }) => r.id)
})

afterAll(async () => {
  console.log(`way model: ${walks} of ${RUNS} runs, ${steps} steps`)
  await database?.close?.()
})

// ---------------------------------------------------------------------------------------------------------------
// Reading the stored state

async function snapshot(id: number) {
  const [trip] = await db.select().from(trips).where(eq(trips.id, id))
  if (!trip) return null
  const legRows = await db.select().from(legs).where(eq(legs.tripId, id)).orderBy(asc(legs.idx))
  return { trip, legs: legRows }
}
type Snap = NonNullable<Awaited<ReturnType<typeof snapshot>>>

const stateOfSnap = (s: Snap) => wayState(wayFacts(s.trip, s.legs))
/** What a participant entered, without the bookkeeping (version, derived flags). */
const entered = (s: Snap) =>
  s.legs.map((l) => ({
    id: l.id,
    purposes: [...l.purposeIds].sort(),
    modes: [...l.tfcModes].sort(),
    start: l.startTime.getTime(),
    end: l.endTime.getTime(),
  }))

// ---------------------------------------------------------------------------------------------------------------
// The actions

type Step =
  | { kind: 'setTripPurposes'; way: number; purposes: number[] }
  | { kind: 'legPurposes'; way: number; leg: number; purposes: number[] }
  | { kind: 'legModes'; way: number; leg: number; modes: string[] }
  | { kind: 'validateLeg'; way: number; leg: number }
  | { kind: 'echoLeg'; way: number; leg: number }
  | { kind: 'deleteLeg'; way: number; last: boolean }
  | { kind: 'copyLeg'; way: number; leg: number }
  | { kind: 'copyTrip'; way: number }
  | { kind: 'confirm'; way: number }
  | { kind: 'complete'; way: number }
  | { kind: 'report'; way: number }
  | { kind: 'withdraw'; way: number }
  | { kind: 'editManual'; way: number; modes: string[]; stale: boolean }
  | { kind: 'markDayThenAdd'; unmarkFirst: boolean }
  | { kind: 'pickMode'; way: number; leg: number; mode: string; stale: boolean }
  | { kind: 'pickPurpose'; way: number; purpose: number; stale: boolean }
  | { kind: 'quickConfirm'; way: number; purpose: number; stale: boolean }
  | { kind: 'split'; way: number; leg: number; inside: boolean }
  | { kind: 'merge'; way: number; next: boolean }
  | { kind: 'revert'; way: number }

const purposesArb = fc.uniqueArray(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 2 })
const modesArb = fc.uniqueArray(fc.constantFrom(...MODES), { minLength: 1, maxLength: 3 })
const wayArb = fc.nat(20)
const legArb = fc.nat(5)
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('setTripPurposes' as const), way: wayArb, purposes: purposesArb }),
  fc.record({ kind: fc.constant('legPurposes' as const), way: wayArb, leg: legArb, purposes: purposesArb }),
  fc.record({ kind: fc.constant('legModes' as const), way: wayArb, leg: legArb, modes: modesArb }),
  fc.record({ kind: fc.constant('validateLeg' as const), way: wayArb, leg: legArb }),
  fc.record({ kind: fc.constant('echoLeg' as const), way: wayArb, leg: legArb }),
  fc.record({ kind: fc.constant('deleteLeg' as const), way: wayArb, last: fc.boolean() }),
  fc.record({ kind: fc.constant('copyLeg' as const), way: wayArb, leg: legArb }),
  fc.record({ kind: fc.constant('copyTrip' as const), way: wayArb }),
  fc.record({ kind: fc.constant('confirm' as const), way: wayArb }),
  fc.record({ kind: fc.constant('complete' as const), way: wayArb }),
  fc.record({ kind: fc.constant('report' as const), way: wayArb }),
  fc.record({ kind: fc.constant('withdraw' as const), way: wayArb }),
  fc.record({ kind: fc.constant('editManual' as const), way: wayArb, modes: modesArb, stale: fc.boolean() }),
  fc.record({ kind: fc.constant('markDayThenAdd' as const), unmarkFirst: fc.boolean() }),
  fc.record({
    kind: fc.constant('pickMode' as const),
    way: wayArb,
    leg: legArb,
    mode: fc.constantFrom(...MODES, 'UNKNOWN'),
    stale: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('pickPurpose' as const), way: wayArb, purpose: fc.nat(3), stale: fc.boolean() }),
  fc.record({ kind: fc.constant('quickConfirm' as const), way: wayArb, purpose: fc.nat(3), stale: fc.boolean() }),
  fc.record({ kind: fc.constant('split' as const), way: wayArb, leg: legArb, inside: fc.boolean() }),
  fc.record({ kind: fc.constant('merge' as const), way: wayArb, next: fc.boolean() }),
  fc.record({ kind: fc.constant('revert' as const), way: wayArb }),
)

/** The state-machine action a step needs (null: not a way action, or one whose need depends on the change). */
const NEEDS: Partial<Record<Step['kind'], WayAction>> = {
  setTripPurposes: 'setPurposes',
  legPurposes: 'setPurposes',
  deleteLeg: 'deleteLeg',
  copyLeg: 'copyLeg',
  copyTrip: 'copyWay',
  confirm: 'confirm',
  complete: 'complete',
  report: 'report',
  withdraw: 'withdrawReport',
  editManual: 'editManual',
  split: 'split',
}

/** A way's rows as an undo must bring them back (the version moves on, so a stale form cannot change them). */
const restorable = (s: Snap | null) => s && { trip: { ...s.trip, version: 0 }, legs: s.legs }
/** Every point of the ways' tracks, as 'lat,lon' strings, sorted (a multiset). */
const pointsOf = (snaps: (Snap | null)[]) =>
  snaps.flatMap((s) => s?.legs.flatMap((l) => l.geom.map((p) => `${p.lat},${p.lon}`)) ?? []).sort()
/** Each split and merge: the ways it made and the rows it replaced, which its undo must restore exactly. */
const history: { made: number[]; ids: number[]; rows: ReturnType<typeof restorable>[]; undone: boolean }[] = []
/** The edit an undo of way `id` takes back: the latest one not undone that made the way. */
const lastEditOf = (id: number) => history.findLast((e) => !e.undone && e.made.includes(id))

async function call(fn: () => Promise<unknown>): Promise<ServiceError | null> {
  try {
    await fn()
    return null
  } catch (e) {
    if (e instanceof ServiceError) return e
    throw e
  }
}

// Review days of the demo campaign before NOW: ways on 2026-10-08 … 10-25, no-trip marks on 10-26 … 11-04.
const dayOf = (offset: number) => new Date(Date.UTC(2026, 9, 8 + offset)).toISOString().slice(0, 10)
const nextDay = () => dayOf(dayCounter++ % 18)
const nextMarkDay = () => dayOf(18 + (markCounter++ % 10))

async function newRecordedWay(legCount: number): Promise<number> {
  const day = nextDay()
  const legsIn = Array.from({ length: legCount }, (_, i) => ({
    startTime: `${day} ${String(6 + i).padStart(2, '0')}:00`,
    endTime: `${day} ${String(6 + i).padStart(2, '0')}:30`,
    geom: [0, 1, 2].map((k) => ({ lat: 52.5 + dayCounter * 0.001, lon: 13.3 + i * 0.01 + k * 0.005 })),
    tfcModes: [MODES[i % MODES.length]],
  }))
  const { tripIds } = await importTrips(db, { email: MODEL_EMAIL, trips: [{ legs: legsIn }] }, { timeZone: TZ })
  return tripIds[0]
}

async function newManualWay(day = nextDay()): Promise<number> {
  const { trp } = await tripService.addTrip(me, {
    trp: {
      id: '0',
      name: null,
      creationType: 'CREATED_MANUALLY',
      legs: [
        {
          startTime: `${day} 07:00`,
          endTime: `${day} 07:40`,
          tfcModes: ['WALK', 'CAR'],
          tripPurposes: [purposeIds[0]],
        },
      ],
    },
  })
  return trp.id
}

// ---------------------------------------------------------------------------------------------------------------
// Invariants

async function checkAgreement(id: number) {
  const s = await snapshot(id)
  if (!s) return
  const expected = stateOfSnap(s)
  const api = (await tripService.getTrip(me, { id })).trp
  const detail = await tripDetail(me, id)
  const day = api.startTime.slice(0, 10)
  const list = await tripService.getTrips(me, { from: day, to: day, withGeom: false })
  const listed = list.trps.find((t: { id: number }) => t.id === id)
  // What a GET is answered from memory (under the participant's data version) is what the database holds now.
  const reading = { ...me, dataVersion: (await db.select().from(users).where(eq(users.id, me.user.id)))[0].dataVersion }
  expect(await tripService.getTrips(reading, { from: day, to: day, withGeom: false }), 'kept list').toEqual(list)
  expect((await tripService.getTrip(reading, { id })).trp, 'kept way').toEqual(api)
  expect(await tripDetail(reading, id), 'kept detail').toEqual(detail)
  expect(api.way, `API way ${id}`).toEqual(expected)
  expect(detail.step, `detail step ${id}`).toBe(expected.step)
  expect(listed?.status, `list status ${id}`).toBe(expected.status)
  for (const p of list.periods)
    expect(p.noTrips && p.tripIds.length > 0, `day ${p.day} marked and with ways`).toBe(false)
}

async function runStep(ways: number[], confirmedSnaps: Map<number, ReturnType<typeof entered>>, step: Step) {
  steps++
  if (step.kind === 'markDayThenAdd') {
    // Mark a day without ways; then either take the mark back, or add a way on it (which clears the mark) and
    // delete that way again, so the day can be marked in a later run.
    const day = nextMarkDay()
    const marked = async () => (await tripService.getTrips(me, { from: day, to: day })).periods[0].noTrips
    await tripService.setZeroTripDay(me, { day })
    expect(await marked()).toBe(true)
    if (step.unmarkFirst) {
      await tripService.deleteZeroTripDay(me, { day })
      expect(await marked()).toBe(false)
      return
    }
    const added = await newManualWay(day)
    expect(await marked()).toBe(false)
    await tripService.deleteTrips(me, { trpIds: [added] })
    return
  }
  if (ways.length === 0) return
  const id = ways[step.way % ways.length]
  const before = await snapshot(id)
  if (!before) return
  const state = stateOfSnap(before)
  const legAt = (n: number) => before.legs[n % before.legs.length]
  const version = before.trip.version
  const p = (ix: number[]) => ix.map((i) => purposeIds[i % purposeIds.length])
  let need = NEEDS[step.kind] ?? null
  let run: () => Promise<unknown>
  let expectAfter: ((after: Snap) => void) | null = null
  /** A post from an old version that is not already satisfied: refused with TRIP_CHANGED, nothing changes. */
  let staleRefused = false
  const sorted = (xs: readonly (string | number)[]) => [...xs].map(String).sort().join()
  switch (step.kind) {
    case 'pickMode': {
      if (!before.legs.length) return
      const leg = legAt(step.leg)
      const same = sorted(leg.tfcModes) === step.mode
      run = () =>
        tripService.updateLeg(me, {
          leg: { id: leg.id, tfcModes: [step.mode] },
          version: step.stale ? version - 1 : version,
        })
      need = same ? null : 'setModes'
      staleRefused = step.stale && !same && state.allows.setModes
      // One pick replaces: the leg has exactly the picked mode, nothing of the old beside it.
      expectAfter = (a) => expect(a.legs.find((l) => l.id === leg.id)!.tfcModes).toEqual([step.mode])
      break
    }
    case 'pickPurpose': {
      const chosen = p([step.purpose])
      const same = before.legs.length > 0 && before.legs.every((l) => sorted(l.purposeIds) === sorted(chosen))
      run = () =>
        tripService.setTripPurposes(me, { id, purposeIds: chosen, version: step.stale ? version - 1 : version })
      need = same ? null : 'setPurposes'
      staleRefused = step.stale && !same && state.allows.setPurposes
      expectAfter = (a) => a.legs.forEach((l) => expect(l.purposeIds).toEqual(chosen))
      break
    }
    case 'quickConfirm': {
      const [chosen] = p([step.purpose])
      const confirmed = state.state === 'questions' || state.state === 'done'
      const satisfied = confirmed && before.legs.some((l) => l.purposeIds.includes(chosen!))
      const possible = quickConfirmable(
        state,
        before.legs.map((l) => l.tfcModes),
      )
      run = () => confirmWithPurpose(me, { id, purposeId: chosen, version: step.stale ? version - 1 : version })
      need = null
      staleRefused = step.stale && (possible || (confirmed && !satisfied))
      if (!possible && !confirmed) {
        // Not confirmable from the card (a mode unknown, reported, no legs): refused, nothing changes.
        const err = await call(run)
        expect(err, `quickConfirm in ${state.state} must be refused`).not.toBeNull()
        expect(await snapshot(id)).toEqual(before)
        await checkAgreement(id)
        return
      }
      if (!confirmed && !step.stale)
        expectAfter = (a) => {
          expect(a.trip.confirmationStatus).toBe(true)
          // Legs with a purpose keep it; only the empty ones take the chosen purpose.
          expect(a.legs.map((l) => l.purposeIds)).toEqual(
            quickPurposes(
              before.legs.map((l) => l.purposeIds),
              chosen!,
            ),
          )
        }
      break
    }
    case 'setTripPurposes':
      run = () => tripService.setTripPurposes(me, { id, purposeIds: p(step.purposes), version })
      expectAfter = (a) => a.legs.forEach((l) => expect([...l.purposeIds].sort()).toEqual([...p(step.purposes)].sort()))
      if (
        before.legs.length > 0 &&
        before.legs.every((l) => [...l.purposeIds].sort().join() === [...p(step.purposes)].sort().join())
      )
        need = null
      break
    case 'legPurposes': {
      if (!before.legs.length) return
      const leg = legAt(step.leg)
      const same = [...leg.purposeIds].sort().join() === [...p(step.purposes)].sort().join()
      // The app sends the whole leg with validationStatus true.
      run = () =>
        tripService.updateLeg(me, {
          leg: { id: leg.id, tripPurposes: p(step.purposes), tfcModes: leg.tfcModes, validationStatus: true },
          version,
        })
      if (same) need = null
      expectAfter = (a) =>
        expect([...a.legs.find((l) => l.id === leg.id)!.purposeIds].sort()).toEqual([...p(step.purposes)].sort())
      break
    }
    case 'legModes': {
      if (!before.legs.length) return
      const leg = legAt(step.leg)
      const same = [...leg.tfcModes].sort().join() === [...step.modes].sort().join()
      run = () => tripService.updateLeg(me, { leg: { id: leg.id, tfcModes: step.modes }, version })
      need = same ? null : 'setModes'
      expectAfter = (a) =>
        expect([...a.legs.find((l) => l.id === leg.id)!.tfcModes].sort()).toEqual([...step.modes].sort())
      break
    }
    case 'validateLeg': {
      if (!before.legs.length) return
      const leg = legAt(step.leg)
      run = () => tripService.updateLeg(me, { leg: { id: leg.id, validationStatus: true }, version })
      need = leg.validationStatus ? null : 'validateLeg'
      break
    }
    case 'echoLeg': {
      if (!before.legs.length) return
      const leg = legAt(step.leg)
      // A dialog saved without a change: nothing changes, not even the version.
      const err = await call(() =>
        tripService.updateLeg(me, {
          leg: { id: leg.id, tripPurposes: leg.purposeIds, tfcModes: leg.tfcModes },
          version,
        }),
      )
      expect(err).toBeNull()
      expect(await snapshot(id)).toEqual(before)
      return
    }
    case 'deleteLeg': {
      if (!before.legs.length) return
      const leg = step.last ? before.legs.at(-1)! : before.legs[0]
      run = () => tripService.deleteLegs(me, { ids: [leg.id], version })
      break
    }
    case 'copyLeg':
      if (!before.legs.length) return
      run = () => tripService.copyLeg(me, { id: legAt(step.leg).id, version })
      break
    case 'copyTrip':
      run = async () => ways.push((await tripService.copyTrip(me, { id, version })).trp.id)
      break
    case 'confirm':
      run = () => tripService.confirmTrip(me, { id, version })
      if (state.state === 'questions' || state.state === 'done') need = null // idempotent
      break
    case 'complete':
      run = () => tripService.completeTrip(me, { id, version })
      if (state.state === 'done') need = null
      break
    case 'report':
      run = () => tripService.setTripFeedback(me, { id, trpFdbkReasonIds: [reasonIds[0]] })
      break
    case 'withdraw':
      if (!before.trip.fdbkAvail) return
      run = () => tripService.deleteTripFeedback(me, { id })
      break
    case 'editManual': {
      if (before.trip.creationType !== 'CREATED_MANUALLY' || !before.legs.length) {
        need = null
        run = () =>
          tripService.updateTrip(me, {
            trp: {
              id,
              legs: [
                {
                  startTime: '2026-10-01 08:00',
                  endTime: '2026-10-01 08:10',
                  tfcModes: step.modes,
                  tripPurposes: [purposeIds[0]],
                },
              ],
            },
            version,
          })
        break
      }
      const leg = before.legs[0]
      run = () =>
        tripService.updateTrip(me, {
          trp: {
            id,
            legs: [
              {
                id: leg.id,
                startTime: leg.startTime.toISOString(),
                endTime: leg.endTime.toISOString(),
                tfcModes: step.modes,
                tripPurposes: leg.purposeIds,
              },
            ],
          },
          version: step.stale ? version - 1 : version,
        })
      expectAfter = step.stale ? null : (a) => expect([...a.legs[0].tfcModes].sort()).toEqual([...step.modes].sort())
      break
    }
    case 'split': {
      if (!before.legs.length) return
      const n = step.leg % before.legs.length
      const leg = before.legs[n]
      const pointIdx = step.inside ? Math.floor(leg.geom.length / 2) : undefined
      run = async () => {
        const { trps } = await tripService.splitTrip(me, { id, legId: leg.id, pointIdx, version })
        const made = trps.map((t) => t.id)
        ways.push(made[1])
        history.push({ made, ids: [id], rows: [restorable(before)], undone: false })
        // Nothing recorded is lost: the two ways hold the way's points, the cut point in both.
        const seam = pointIdx === undefined ? [] : [`${leg.geom[pointIdx].lat},${leg.geom[pointIdx].lon}`]
        expect(pointsOf(await Promise.all(made.map(snapshot)))).toEqual(pointsOf([before]).concat(seam).sort())
      }
      break
    }
    case 'merge': {
      const near = (
        await tripService.getTrips(me, { sortOrder: 'ASC', fetchNext: ANSWER_BOUNDS.waysPerPage })
      ).trps.map((t: { id: number }) => t.id)
      const other = near[near.indexOf(id) + (step.next ? 1 : -1)]
      if (other === undefined) return
      const otherBefore = await snapshot(other)
      need = state.allows.merge ? null : 'merge' // the neighbour's state may refuse too
      run = async () => {
        const { trp } = await tripService.mergeTrips(me, { ids: [id, other] })
        const [earlier, later] = trp.id === id ? [before, otherBefore] : [otherBefore, before]
        history.push({
          made: [trp.id],
          ids: [earlier!.trip.id, later!.trip.id],
          rows: [restorable(earlier), restorable(later)],
          undone: false,
        })
        // Nothing recorded is lost: the merged way holds the points of both.
        expect(pointsOf([await snapshot(trp.id)])).toEqual(pointsOf([before, otherBefore]))
      }
      break
    }
    case 'revert': {
      need = state.allows.revertEdit ? null : 'revertEdit' // another result's state may refuse too
      run = async () => {
        const { trps } = await tripService.revertEdit(me, { id, version })
        const kept = lastEditOf(id)
        expect(kept, `undo of way ${id} without a recorded edit`).toBeDefined()
        kept!.undone = true
        // An undo restores exactly: the ways the edit replaced, with their ids, legs, purposes and modes.
        expect(trps.map((t) => t.id)).toEqual(kept!.ids)
        const now = await Promise.all(kept!.ids.map(snapshot))
        expect(now.map(restorable)).toEqual(kept!.rows)
        for (const w of kept!.ids) if (!ways.includes(w)) ways.push(w)
      }
      break
    }
  }
  const err = await call(run)
  const after = await snapshot(id)
  if (staleRefused) {
    expect(err?.constant, `${step.kind} from an old version must be refused`).toBe('TRIP_CHANGED')
    expect(after, `stale ${step.kind} changed the way`).toEqual(before)
  } else if (need && !state.allows[need]) {
    // The machine does not allow it: the service refuses, for the way's state, and nothing changes.
    expect(err?.constant, `${step.kind} in ${state.state} must be refused`).toBeDefined()
    expect(after).toEqual(before)
  } else if (err) {
    expect(
      STATE_ERRORS.has(err.constant) && need != null,
      `${step.kind} in ${state.state} refused with ${err.constant} although allowed`,
    ).toBe(false)
    expect(after, `refused ${step.kind} (${err.constant}) changed the way`).toEqual(before)
  } else if (after && expectAfter) {
    expectAfter(after)
  }
  // A confirmed way never changes what was entered.
  for (const [wid, snap] of confirmedSnaps) {
    const now = await snapshot(wid)
    expect(now && entered(now), `confirmed way ${wid} changed by ${step.kind}`).toEqual(snap)
  }
  for (const w of ways) {
    const s = await snapshot(w)
    if (s && !confirmedSnaps.has(w) && (s.trip.confirmationStatus || s.trip.validationStatus))
      confirmedSnaps.set(w, entered(s))
  }
  await checkAgreement(id)
}

/** Follows only offered actions until the way is confirmed (stored as confirmed, not only shown so). */
async function finish(id: number) {
  for (let i = 0; i < 5; i++) {
    const s = await snapshot(id)
    if (!s) return
    if (s.trip.confirmationStatus) return
    const st = stateOfSnap(s)
    if (st.allows.withdrawReport) await tripService.deleteTripFeedback(me, { id })
    else if (st.allows.confirm) await tripService.confirmTrip(me, { id, version: s.trip.version })
    else if (st.allows.setPurposes && s.legs.length)
      await tripService.setTripPurposes(me, { id, purposeIds: [purposeIds[0]], version: s.trip.version })
    else throw new Error(`way ${id} (${st.state}, not confirmed) offers no way forward: ${JSON.stringify(st.allows)}`)
  }
  expect((await snapshot(id))!.trip.confirmationStatus, `way ${id} not confirmed by following offered actions`).toBe(
    true,
  )
}

// The walk is bounded in time as well as in runs: on a busy machine it stops after EXPLORE_MS with the runs it made
// (at least MIN_RUNS, or the test fails), instead of timing out with nothing learned.
const EXPLORE_MS = Number(process.env.WAY_MODEL_MS ?? 150_000)
const MIN_RUNS = Math.min(RUNS, 15)
let walks = 0

test(
  'the review loop has no traps (model-based, real services on PGlite)',
  { timeout: EXPLORE_MS + 120_000 },
  async () => {
    const seed = process.env.WAY_MODEL_SEED ? Number(process.env.WAY_MODEL_SEED) : undefined
    await fc.assert(
      fc.asyncProperty(
        fc.array(stepArb, { minLength: 10, maxLength: 40 }),
        fc.integer({ min: 1, max: 3 }),
        async (plan, legCount) => {
          walks++
          const ways = [await newRecordedWay(legCount), await newRecordedWay(2), await newManualWay()]
          const confirmedSnaps = new Map<number, ReturnType<typeof entered>>()
          for (const step of plan) await runStep(ways, confirmedSnaps, step)
          for (const id of ways) await finish(id)
        },
      ),
      { numRuns: RUNS, seed, endOnFailure: true, interruptAfterTimeLimit: EXPLORE_MS, markInterruptAsFailure: false },
    )
    expect(walks, `only ${walks} walks in ${EXPLORE_MS} ms`).toBeGreaterThanOrEqual(MIN_RUNS)
  },
)
