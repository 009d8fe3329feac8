import { describe, expect, test } from 'vitest'
import { chosenPurposeSource, importedSources, isLabelSource } from './provenance'

describe('purposes the participant confirms', () => {
  test.each([
    { chosen: [3], suggested: 3, source: 'suggested' },
    { chosen: [4], suggested: 3, source: 'participant' },
    { chosen: [3, 4], suggested: 3, source: 'participant' },
    { chosen: [3], suggested: null, source: 'participant' },
    { chosen: [3], suggested: undefined, source: 'participant' },
  ] as const)('$chosen with suggestion $suggested is $source', ({ chosen, suggested, source }) => {
    expect(chosenPurposeSource(chosen, suggested)).toBe(source)
  })
})

describe('labels a trips file brings', () => {
  test.each([
    { purposeIds: [], tfcModes: [], detectedModes: [], expected: { purposeSource: null, modeSource: null } },
    {
      purposeIds: [1],
      tfcModes: ['BUS'],
      detectedModes: ['BUS'],
      expected: { purposeSource: 'imported', modeSource: 'recorded' },
    },
    {
      purposeIds: [],
      tfcModes: ['BUS'],
      detectedModes: ['CAR'],
      expected: { purposeSource: null, modeSource: 'imported' },
    },
    {
      purposeIds: [1],
      tfcModes: ['BUS'],
      detectedModes: ['CAR'],
      purposeSource: 'suggested',
      modeSource: 'participant',
      expected: { purposeSource: 'suggested', modeSource: 'participant' },
    },
  ] as const)('$purposeIds/$tfcModes (detected $detectedModes)', ({ expected, ...leg }) => {
    expect(importedSources(leg)).toEqual(expected)
  })
})

test.each([
  ['copied', true],
  ['phone', false],
  [null, false],
])('%s is a label source: %s', (value, yes) => {
  expect(isLabelSource(value)).toBe(yes)
})
