// What a failed statement means, read from the database's error code (the same on PostgreSQL and PGlite; drizzle
// may wrap the driver's error, which then sits in `cause`).

/** The statement broke a unique constraint (SQLSTATE 23505): someone else took the value first. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null
  return e?.code === '23505' || e?.cause?.code === '23505'
}
