// Researcher import of a participant's trips file: every check first, then the ways written in short batches that
// yield to the server's other requests, all undone when one fails.
import { inArray } from 'drizzle-orm'
import type { DbOrTx } from '~/db/connect.server'
import { studyTimeZone } from '~/infra/env.server'
import { trips, zeroTripDays } from '~/db/schema'
import { LIMITS } from '~/domain/limits'
import { addDays, dayInZone, dayRangeUtc, type Day } from '~/domain/time'
import { formatPath } from '../schemas/campaign-file'
import { LEG_READ_ONLY, TRIP_READ_ONLY, TripFileSchema, tripsInFile, type TripFile } from '../schemas/trips-file'
import { daysOverWayCap } from '../trip/model.server'
import { type WayKeys, knownWays, wayKeys } from './known-ways.server'
import { ImportError, type Problem, countKeys, problem, problemsOf, readOnlyNote } from './problems'
import { IMPORT_YIELD_MS, type ImportOptions, pacer, transaction, wallTime, yieldToRequests } from './shared.server'
import { checkReferences, insertTrip } from './trip-rows.server'
import { requireUser } from './users.server'

export interface TripsImportResult {
  /** The new ways' ids (in a dry run: the ids they would have had). */
  tripIds: number[]
  /** Legs of the new ways. */
  legs: number
  /** Ways the participant already had, as the file gives them: left as they are. */
  present: number
  /** Ways the participant already had that the file gives differently: reported, left as they are. */
  changed: ChangedWay[]
  /** What the import read differently from how it was written (the file's shape, ignored fields). */
  notes: string[]
}

/** A way of the file the participant already has, given differently: where in the file, and which stored way. */
interface ChangedWay {
  path: string
  tripId: number
}

export interface TripsProgress {
  done: number
  total: number
}

/** Parses a trips file in any of its accepted shapes; problems name the paths of the file as written. */
async function parseTripsFile(raw: unknown): Promise<{ trips: TripFile[]; notes: string[]; at: PropertyKey[] }> {
  const found = tripsInFile(raw)
  if (!found) {
    throw new ImportError([
      problem([], 'expected an array of trips (or trip.getTrip / getTrips output, one trip, or the data download)'),
    ])
  }
  const problems: Problem[] = []
  const trips: TripFile[] = []
  const counts = new Map<string, number>()
  const pace = pacer()
  for (const [i, item] of found.items.entries()) {
    await pace()
    const result = found.schema.safeParse(item)
    if (result.success) trips.push(result.data)
    else problems.push(...problemsOf(result.error, [...found.at, i]))
    if (found.schema === TripFileSchema) {
      countKeys(counts, item, TRIP_READ_ONLY)
      const legList = (item as { legs?: unknown })?.legs
      if (Array.isArray(legList)) for (const leg of legList) countKeys(counts, leg, LEG_READ_ONLY, (k) => `legs[].${k}`)
    }
  }
  if (problems.length) throw new ImportError(problems)
  const notes =
    found.shape === 'trips' ? [] : [`read as ${found.shape} (${found.items.length} ways at ${formatPath(found.at)})`]
  if (found.shape === 'data download')
    notes.push('ignored the fields the data download computes (names of modes and purposes, durations, status)')
  return { trips, notes: [...notes, ...readOnlyNote(counts)], at: found.at }
}

/**
 * Ways written in one transaction, at most, and for at most this long: other requests get the database between
 * batches, and the event loop every IMPORT_YIELD_MS within one (a request that needs no database is answered at once).
 * Fewer, longer batches spare the embedded database a flush per commit.
 */
const IMPORT_BATCH_WAYS = 1000
const IMPORT_BATCH_MS = 500

/** When each way of a file starts, and on which day of the study's time zone: worked out once per import. */
interface WayStarts {
  at: Date[]
  days: Day[]
}

async function wayStarts(file: TripFile[], timeZone: string): Promise<WayStarts> {
  const pace = pacer()
  const starts: WayStarts = { at: [], days: [] }
  for (const trip of file) {
    const at = wallTime(trip.legs[0].startTime, timeZone)
    starts.at.push(at)
    starts.days.push(dayInZone(at, timeZone))
    await pace()
  }
  return starts
}

/**
 * Imports a trips file (TripsFileSchema) for the participant with that e-mail, all or nothing: every check (the
 * file, the participant, the purposes and reasons it names) runs before anything is written, so a refused file costs
 * no write; then the ways are written in short transactions with the server free to answer others in between, and a
 * batch that fails takes the earlier batches back (their ways deleted, the no-trip marks they cleared restored).
 */
export async function importTrips(
  db: DbOrTx,
  input: { email: string; trips: unknown },
  opts: ImportOptions & { onProgress?: (p: TripsProgress) => void } = {},
): Promise<TripsImportResult> {
  const { trips: file, notes, at } = await parseTripsFile(input.trips)
  const timeZone = opts.timeZone ?? studyTimeZone()
  const starts = await wayStarts(file, timeZone)
  checkWaysPerDayInFile(starts.days, at)
  const user = await requireUser(db, input.email)
  const purposeNames = await checkReferences(db, user.campaignId, file, at)
  // Which ways of the file are new, already there, or there but given differently: decided before any write. A way
  // the file gives twice, exactly alike, is added once; two different ways starting alike are two ways.
  const known = await knownWays(db, user.id, file, starts.at)
  const fresh: { trip: TripFile; keys: WayKeys }[] = []
  const changed: ChangedWay[] = []
  let present = 0
  const pace = pacer()
  for (const [i, trip] of file.entries()) {
    await pace()
    const keys = wayKeys(trip, starts.at[i])
    const same = known.find(keys)
    if (same && same.tripId > 0 && same.hash != null && same.hash !== keys.hash)
      changed.push({ path: formatPath([...at, i]), tripId: same.tripId })
    else if (same) present++
    else {
      known.add(keys, 0)
      fresh.push({ trip, keys })
    }
  }
  const tripIds: number[] = []
  const cleared: (typeof zeroTripDays.$inferSelect)[] = []
  let legCount = 0
  try {
    while (tripIds.length < fresh.length) {
      const started = Date.now()
      const batch = await transaction(db, opts.dryRun, async (tx) => {
        const done = { ids: [] as number[], cleared: [] as (typeof zeroTripDays.$inferSelect)[], legs: 0 }
        let yielded = started
        for (let t = tripIds.length; t < fresh.length && done.ids.length < IMPORT_BATCH_WAYS; t++) {
          const written = await insertTrip(tx, user.id, fresh[t].trip, timeZone, purposeNames, fresh[t].keys)
          done.ids.push(written.id)
          done.cleared.push(...written.cleared)
          done.legs += fresh[t].trip.legs.length
          if (Date.now() - started > IMPORT_BATCH_MS) break
          if (Date.now() - yielded > IMPORT_YIELD_MS) {
            await yieldToRequests()
            yielded = Date.now()
          }
        }
        return done
      })
      tripIds.push(...batch.ids)
      if (!opts.dryRun) cleared.push(...batch.cleared)
      legCount += batch.legs
      opts.onProgress?.({ done: tripIds.length, total: fresh.length })
      await yieldToRequests()
    }
    if (!opts.dryRun) await checkWaysPerDayStored(db, user.id, starts, at, timeZone)
  } catch (e) {
    if (!opts.dryRun) await undoImport(db, tripIds, cleared)
    throw e
  }
  return { tripIds, legs: legCount, present, changed, notes }
}

/**
 * Takes back the batches an import wrote before one failed: the no-trip marks they cleared first (so no day is left
 * without its mark), then their ways, a thousand at a time with the server free to answer others in between.
 */
async function undoImport(db: DbOrTx, tripIds: number[], cleared: (typeof zeroTripDays.$inferSelect)[]) {
  if (cleared.length) await db.insert(zeroTripDays).values(cleared).onConflictDoNothing()
  for (let i = 0; i < tripIds.length; i += 1000) {
    await db.delete(trips).where(inArray(trips.id, tripIds.slice(i, i + 1000)))
    await yieldToRequests()
  }
}

/** A problem for every way of the file beyond the cap on its day, counting `before` ways already there. */
function overCap(days: Day[], at: PropertyKey[], before: Map<Day, number>): Problem[] {
  const seen = new Map<Day, number>()
  const problems: Problem[] = []
  days.forEach((day, t) => {
    const n = (seen.get(day) ?? before.get(day) ?? 0) + 1
    seen.set(day, n)
    if (n > LIMITS.waysPerDay)
      problems.push(problem([...at, t], `way ${n} on ${day}; at most ${LIMITS.waysPerDay} ways a day per participant`))
  })
  return problems
}

/** The file alone holds more ways on one day than the cap allows: refused before anything is read or written. */
function checkWaysPerDayInFile(days: Day[], at: PropertyKey[]) {
  const problems = overCap(days, at, new Map())
  if (problems.length) throw new ImportError(problems)
}

/**
 * With the file's ways stored, no day of the participant may hold more ways than the cap allows; the file's ways are
 * counted after those already there, so the problems name the ways of the file beyond it (the batches written are
 * taken back). Counted after storing, so a way the import does not add again is not counted twice.
 */
async function checkWaysPerDayStored(
  tx: DbOrTx,
  userId: number,
  starts: WayStarts,
  at: PropertyKey[],
  timeZone: string,
) {
  const over: { day: Day; n: number }[] = []
  // The file's days a month at a time: one query over years of ways would hold the server up.
  const days = [...new Set(starts.days)].sort()
  for (let i = 0; i < days.length;) {
    const first = days[i]
    const last = addDays(first, 30)
    while (i < days.length && days[i] <= last) i++
    const window = { from: dayRangeUtc(first, timeZone).start, to: dayRangeUtc(days[i - 1], timeZone).start }
    over.push(...(await daysOverWayCap(tx, userId, window.from, window.to, timeZone)))
    await yieldToRequests()
  }
  if (over.length === 0) return
  const inFile = new Map<Day, number>()
  for (const day of starts.days) inFile.set(day, (inFile.get(day) ?? 0) + 1)
  const before = new Map(over.map(({ day, n }) => [day, Math.max(0, n - (inFile.get(day) ?? 0))]))
  const problems = overCap(starts.days, at, before)
  throw new ImportError(
    problems.length
      ? problems
      : over.map(({ day, n }) =>
          problem(at, `${n} ways on ${day}; at most ${LIMITS.waysPerDay} ways a day per participant`),
        ),
  )
}
