// "Confirmed" in SQL: the same rule as isConfirmed in app/domain/wayState.ts (either stored flag says so), as one
// expression that every query filtering or counting confirmed ways uses. No query reads the two columns itself
// (tests/confirmed-once.test.ts fails on one that does), so changing when a way counts as confirmed means changing
// isConfirmed and this expression, and that test checks the two agree on every combination of the flags.
import { eq, sql, type Placeholder, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { trips } from './schema'

/** True for a confirmed way; `as` names the trips table as a raw query aliases it (`from trips t`: 't'). */
export function confirmedSql(as?: string): SQL<boolean> {
  const t = as ? alias(trips, as) : trips
  return sql<boolean>`(${t.confirmationStatus} or ${t.validationStatus})`
}

/** The condition "confirmed is `value`": true selects the confirmed ways, false the unconfirmed ones. */
export function confirmedIs(value: boolean | Placeholder, as?: string): SQL {
  return eq(confirmedSql(as), value)
}
