// zero_trip_days.csv: the days a participant confirmed as without ways: columns, keyset-paged query, record.
import { and, asc, eq, gt, or, type SQL } from 'drizzle-orm'
import type { DbOrTx } from '~/db/connect.server'
import { users, zeroTripDays } from '~/db/schema'
import { isoInZone } from '~/domain/exportFormat'
import { BATCH_SIZE, type Column, type ParticipantFields, type Row } from './rows.server'

export const ZERO_TRIP_DAY_COLUMNS: Column[] = [
  { name: 'day', desc: 'a day the participant confirmed as a day without ways (YYYY-MM-DD, study time zone)' },
  { name: 'recorded_at', desc: 'when they confirmed it, ISO 8601 with offset' },
]

export interface ZeroTripDayItem {
  userId: number
  day: string
  createdAt: Date
  /** When the participant's account was created: their study days begin that day. */
  joinedAt: Date
  participant: ParticipantFields
}

/** No-trip days matching `where` (on zero_trip_days/users), keyset-paged by (user, day). */
export async function* zeroTripDayBatches(
  db: DbOrTx,
  where: SQL | undefined,
  batchSize = BATCH_SIZE,
): AsyncGenerator<ZeroTripDayItem[]> {
  let after: { userId: number; day: string } | null = null
  for (;;) {
    const next: SQL | undefined = after
      ? or(
          gt(zeroTripDays.userId, after.userId),
          and(eq(zeroTripDays.userId, after.userId), gt(zeroTripDays.day, after.day)),
        )
      : undefined
    const rows: (ParticipantFields & { userId: number; day: string; createdAt: Date; joinedAt: Date })[] = await db
      .select({
        userId: zeroTripDays.userId,
        day: zeroTripDays.day,
        createdAt: zeroTripDays.createdAt,
        joinedAt: users.createdAt,
        pseudonym: users.pseudonym,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(zeroTripDays)
      .innerJoin(users, eq(users.id, zeroTripDays.userId))
      .where(and(where, next))
      .orderBy(asc(zeroTripDays.userId), asc(zeroTripDays.day))
      .limit(batchSize)
    if (!rows.length) return
    yield rows.map((r) => ({
      userId: r.userId,
      day: r.day,
      createdAt: r.createdAt,
      joinedAt: r.joinedAt,
      participant: { pseudonym: r.pseudonym, email: r.email, firstName: r.firstName, lastName: r.lastName },
    }))
    if (rows.length < batchSize) return
    const last = rows[rows.length - 1]!
    after = { userId: last.userId, day: last.day }
  }
}

export function zeroTripDayRecord(d: Pick<ZeroTripDayItem, 'day' | 'createdAt'>, timeZone: string): Row {
  return { day: d.day, recorded_at: isoInZone(d.createdAt, timeZone) }
}
