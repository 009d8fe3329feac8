// Placeholder so the admin CLI's `export` command compiles; the export engineer replaces this file
// (contracts.md §5: trips.geojson, legs.csv and answers.csv into outDir).
import type { Db } from '~/db/connect.server'

/** Writes the campaign's research export into outDir and returns a human-readable summary. */
export async function runExport(
  _db: Db,
  _opts: { campaignId: number; outDir: string; withIdentity: boolean },
): Promise<string> {
  throw new Error('export is not implemented yet')
}
