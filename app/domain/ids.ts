// Row ids are PostgreSQL int4 (serial) columns: an id outside 1..2^31-1 can name no row, and a query with one fails
// in the database. Every id from outside (a route parameter, an API parameter, a questionnaire scope) is checked
// against this range before it reaches a query. No schema library here: pages read ids from their URL in the browser
// too, and this module must not pull one into their bundles (the schema for posts is in idSchema.ts).

export const MAX_ID = 2_147_483_647

/** The id written in a URL segment or scope: decimal digits only, in range; else null. */
export function parseIdText(raw: string | null | undefined): number | null {
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw)) return null
  const id = Number(raw)
  return id <= MAX_ID ? id : null
}

/** A questionnaire scope: 'campaign', 'trip:ID' or 'leg:ID' with an id in range. */
export function isScopeText(s: string): boolean {
  if (s === 'campaign') return true
  const m = /^(trip|leg):(.*)$/.exec(s)
  return m != null && parseIdText(m[2]) != null
}
