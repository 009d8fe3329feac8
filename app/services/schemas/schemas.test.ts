// The committed JSON Schemas (schemas/*.schema.json) are generated from the zod schemas; this fails when they
// drift apart. Fix by running: node --import tsx scripts/gen-schemas.ts
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { generateSchemas, SCHEMAS_DIR, serialize } from '../../../scripts/gen-schemas'
import { CampaignFileSchema, QuestionnaireSchema } from './campaign-file'
import { TripFileSchema, TripsFileSchema } from './trips-file'

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

describe('defaults that decide whether a participant is asked', () => {
  const leg = { startTime: '2026-11-02 08:00', endTime: '2026-11-02 08:10', tfcModes: ['WALK'] }
  test('a trip or leg without questionnaire flags counts as not answered', () => {
    const trip = TripFileSchema.parse({ legs: [leg] })
    expect([trip.qtnAnswered, trip.allQuestionsAnswered, trip.legs[0].qtnsAnswered]).toEqual([false, undefined, false])
    const given = TripFileSchema.parse({ qtnAnswered: true, allQuestionsAnswered: true, legs: [{ ...leg, qtnsAnswered: true }] })
    expect([given.qtnAnswered, given.allQuestionsAnswered, given.legs[0].qtnsAnswered]).toEqual([true, true, true])
  })

  test('the copy-answers prompt is offered unless a questionnaire opts out (applyResps false)', () => {
    const file = CampaignFileSchema.parse(JSON.parse(read(path.join(examples, 'campaign.json'))))
    const { applyResps: _drop, ...withoutFlag } = file.questionnaires[0]
    expect(QuestionnaireSchema.parse(withoutFlag).applyResps).toBe(true)
    expect(QuestionnaireSchema.parse({ ...withoutFlag, applyResps: false }).applyResps).toBe(false)
  })
})

describe('caps on what a trips file may hold', () => {
  const leg = (points: number) => ({
    startTime: '2026-11-02 08:00',
    endTime: '2026-11-02 08:10',
    tfcModes: ['WALK'],
    geom: Array.from({ length: points }, (_, i) => ({ lat: 52.5, lon: 13.4 + i * 1e-6 })),
  })
  test.each([
    [20_000, 1, true],
    [20_001, 1, false],
    [2, 50, true],
    [2, 51, false],
  ])('%i points per leg, %i legs: accepted %s', (points, legCount, ok) => {
    const legs = Array.from({ length: legCount }, (_, i) => ({
      ...leg(points),
      startTime: `2026-11-02 ${String(Math.floor(i / 60)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}`,
      endTime: `2026-11-02 ${String(Math.floor(i / 60)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}`,
    }))
    expect(TripFileSchema.safeParse({ legs }).success).toBe(ok)
  })
})
