import { describe, expect, test } from 'vitest'
import { legQuestionnaireMode, questionnairesAsked } from './legQuestionnaire'

describe('legQuestionnaireMode', () => {
  test.each([
    { qModes: [], legModes: ['CAR'], mode: 'CAR', why: 'an empty list covers every mode' },
    { qModes: [], legModes: ['WALK', 'CAR'], mode: 'WALK', why: 'answered for the leg’s first mode' },
    { qModes: [], legModes: [], mode: 'UNKNOWN', why: 'a leg without modes counts as UNKNOWN' },
    { qModes: ['CAR'], legModes: ['CAR'], mode: 'CAR', why: 'the listed mode' },
    { qModes: ['CAR'], legModes: ['WALK', 'CAR'], mode: 'CAR', why: 'the first leg mode it covers' },
    { qModes: ['CAR', 'WALK'], legModes: ['BICYCLE'], mode: null, why: 'none of the leg’s modes' },
    {
      qModes: ['UNKNOWN'],
      legModes: [],
      mode: 'UNKNOWN',
      why: 'a questionnaire about unknown modes asks a leg without',
    },
    { qModes: ['CAR'], legModes: [], mode: null, why: 'a leg without modes is not a car leg' },
  ])('$why', ({ qModes, legModes, mode }) => {
    expect(legQuestionnaireMode(qModes, legModes)).toBe(mode)
  })
})

describe('questionnairesAsked', () => {
  test.each([
    { qs: [], legs: [['CAR']], asked: { trip: false, legs: [false] } },
    { qs: [{ type: 'TRIP_BASED', tfcModes: [] }], legs: [['CAR']], asked: { trip: true, legs: [false] } },
    {
      qs: [{ type: 'LEG_BASED', tfcModes: ['CAR'] }],
      legs: [['WALK'], ['CAR']],
      asked: { trip: false, legs: [false, true] },
    },
    { qs: [{ type: 'LEG_BASED', tfcModes: [] }], legs: [['WALK'], []], asked: { trip: false, legs: [true, true] } },
    {
      qs: [
        { type: 'INITIAL', tfcModes: [] },
        { type: 'FINAL', tfcModes: [] },
      ],
      legs: [['CAR']],
      asked: { trip: false, legs: [false] },
    },
  ])('%j', ({ qs, legs, asked }) => {
    expect(questionnairesAsked(qs, legs)).toEqual(asked)
  })
})
