// Which ways of a trips file a participant already has: recognised by the file's id, else by start and geometry.
import crypto from 'node:crypto'
import { and, asc, eq, inArray } from 'drizzle-orm'
import type { DbOrTx } from '~/db/connect.server'
import { legs, trips, type LatLon } from '~/db/schema'
import { type TripFile } from '../schemas/trips-file'
import { yieldToRequests } from './shared.server'

/** How an imported way is recognised again: the file's id, else its start and geometry; and its fingerprint. */
export interface WayKeys {
  importId: string | null
  startAndGeom: string
  hash: string
}

const sha = (text: string) => crypto.createHash('sha256').update(text).digest('base64url')
const geomKey = (legGeoms: readonly (readonly LatLon[])[]) =>
  sha(JSON.stringify(legGeoms.map((g) => g.map((p) => [p.lat, p.lon]))))

export function wayKeys(trip: TripFile, start: Date): WayKeys {
  const { importId, ...content } = trip
  return {
    importId,
    startAndGeom: `${start.getTime()}|${geomKey(trip.legs.map((l) => l.geom))}`,
    hash: sha(JSON.stringify(content)),
  }
}

/**
 * The participant's ways a file may give again: those with one of the file's ids, and those starting when a way of
 * the file starts (compared by geometry). A way with an id of the file is the same as the stored way with that id;
 * without one (or with an id nothing has yet), as a stored way with the same start and geometry.
 */
export async function knownWays(tx: DbOrTx, userId: number, file: TripFile[], startTimes: Date[]) {
  type Known = { tripId: number; hash: string | null }
  const ids = [...new Set(file.map((t) => t.importId).filter((id): id is string => id != null))]
  const starts = [...new Set(startTimes.map((t) => t.toISOString()))]
  const byId = new Map<string, Known>()
  // Several ways may start alike (two ways added by hand at one time): each is matched once.
  const byStart = new Map<string, Known[]>()
  const matched = new Set<number>()
  const chunk = <T>(list: T[], n = 1000) =>
    Array.from({ length: Math.ceil(list.length / n) }, (_, i) => list.slice(i * n, i * n + n))
  for (const part of chunk(ids)) {
    const rows = await tx
      .select({ id: trips.id, importId: trips.importId, importHash: trips.importHash })
      .from(trips)
      .where(and(eq(trips.userId, userId), inArray(trips.importId, part)))
    for (const r of rows) byId.set(r.importId!, { tripId: r.id, hash: r.importHash })
    await yieldToRequests()
  }
  const addStart = (key: string, way: Known) => byStart.set(key, [...(byStart.get(key) ?? []), way])
  for (const part of chunk(starts)) {
    await yieldToRequests()
    const rows = await tx
      .select({ id: trips.id, startTime: trips.startTime, importHash: trips.importHash })
      .from(trips)
      .where(
        and(
          eq(trips.userId, userId),
          inArray(
            trips.startTime,
            part.map((s) => new Date(s)),
          ),
        ),
      )
      .orderBy(asc(trips.id))
    if (!rows.length) continue
    const geoms = await tx
      .select({ tripId: legs.tripId, geom: legs.geom })
      .from(legs)
      .where(
        inArray(
          legs.tripId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(legs.tripId), asc(legs.idx))
    const perTrip = new Map<number, LatLon[][]>()
    for (const g of geoms) perTrip.set(g.tripId, [...(perTrip.get(g.tripId) ?? []), g.geom])
    for (const r of rows)
      addStart(`${r.startTime.getTime()}|${geomKey(perTrip.get(r.id) ?? [])}`, { tripId: r.id, hash: r.importHash })
  }
  return {
    /**
     * The known way a way of the file is: by id; else one starting alike with the same fingerprint (a way given
     * twice alike is one way); else a stored one starting alike that no earlier way of the file was.
     */
    find: (k: WayKeys): Known | undefined => {
      const alike = byStart.get(k.startAndGeom) ?? []
      const way =
        (k.importId != null ? byId.get(k.importId) : undefined) ??
        alike.find((w) => w.hash === k.hash) ??
        alike.find((w) => w.tripId > 0 && !matched.has(w.tripId))
      if (way && way.tripId > 0) matched.add(way.tripId)
      return way
    },
    add: (k: WayKeys, tripId: number) => {
      if (k.importId != null) byId.set(k.importId, { tripId, hash: k.hash })
      addStart(k.startAndGeom, { tripId, hash: k.hash })
    },
  }
}
