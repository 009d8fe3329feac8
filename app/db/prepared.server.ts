// Prepared queries for the hot paths (every request's session lookup, the ways list): Drizzle builds a query's SQL
// on every call unless it is prepared, which on PGlite cost ~0.5 ms a query (docs/performance.md). One prepared
// query per database (or transaction) object and name; values go in as sql.placeholder()s.
const cache = new WeakMap<object, Map<string, unknown>>()

export function preparedFor<T>(db: object, name: string, prepare: () => T): T {
  let byName = cache.get(db)
  if (!byName) cache.set(db, (byName = new Map()))
  let q = byName.get(name) as T | undefined
  if (q === undefined) byName.set(name, (q = prepare()))
  return q
}
