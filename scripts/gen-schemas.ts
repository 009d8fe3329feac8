// Writes the JSON Schemas of the researcher file formats from their zod schemas, so the two never disagree:
//   node --import tsx scripts/gen-schemas.ts
// app/services/schemas/schemas.test.ts fails when the committed files differ from what this generates.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { z } from 'zod'
import { CampaignFileSchema } from '~/services/schemas/campaign-file'
import { TripsFileSchema } from '~/services/schemas/trips-file'

export const SCHEMAS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'schemas')

/** File name → JSON Schema of what a researcher writes (the input side: defaults are optional). */
export function generateSchemas(): Record<string, object> {
  return {
    'campaign.schema.json': z.toJSONSchema(CampaignFileSchema, { io: 'input' }),
    'trips.schema.json': z.toJSONSchema(TripsFileSchema, { io: 'input' }),
  }
}

export const serialize = (schema: object) => JSON.stringify(schema, null, 2) + '\n'

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const [name, schema] of Object.entries(generateSchemas())) {
    fs.writeFileSync(path.join(SCHEMAS_DIR, name), serialize(schema))
    console.log(`wrote schemas/${name}`)
  }
}
