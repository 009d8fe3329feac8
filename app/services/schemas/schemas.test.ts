// The committed JSON Schemas (schemas/*.schema.json) are generated from the zod schemas; this fails when they
// drift apart. Fix by running: node --import tsx scripts/gen-schemas.ts
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { generateSchemas, SCHEMAS_DIR, serialize } from '../../../scripts/gen-schemas'
import { CampaignFileSchema, QuestionnaireSchema } from './campaign-file'
import { TripsFileSchema } from './trips-file'

const examples = path.resolve(import.meta.dirname, '../../../docs/examples')
const read = (file: string) => fs.readFileSync(file, 'utf8')

describe('JSON Schemas of the file formats', () => {
  test.each(Object.entries(generateSchemas()))('schemas/%s is up to date (node --import tsx scripts/gen-schemas.ts)', (name, schema) => {
    expect(read(path.join(SCHEMAS_DIR, name))).toBe(serialize(schema))
  })
})

describe('docs/examples', () => {
  test('campaign.json is a valid campaign file', () => {
    const result = CampaignFileSchema.safeParse(JSON.parse(read(path.join(examples, 'campaign.json'))))
    expect(result.error?.issues ?? []).toEqual([])
  })
  test('trips.json is a valid trips file', () => {
    const result = TripsFileSchema.safeParse(JSON.parse(read(path.join(examples, 'trips.json'))))
    expect(result.error?.issues ?? []).toEqual([])
  })
})

describe('QuestionnaireSchema', () => {
  test('parsing its own output gives the same definition (stored definitions can be re-validated)', () => {
    const file = CampaignFileSchema.parse(JSON.parse(read(path.join(examples, 'campaign.json'))))
    for (const q of file.questionnaires) expect(QuestionnaireSchema.parse(q)).toEqual(q)
  })
})
