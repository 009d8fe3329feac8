// Spec 4: "Traffic-mode editing is possible only in step 2. Leg editing (purposes, delete) is possible only in step 1."
// Spec 4: "Step 2: the button opens a confirm dialog. On confirm all legs are marked validated."
import { describe, expect, test } from 'vitest'
import { Step } from './steps'
import { legChangeBlock, normalisedModes, sameSet } from './legEdit'

const { Purpose, TrafficModes, BeforeQuestionnaires, Questionnaires, Validated } = Step

describe('legChangeBlock: what each step allows', () => {
  test.each([
    // step, change, result
    [Purpose, { purposes: true }, null],
    [Purpose, { geometry: true }, null],
    [Purpose, { modes: true }, 'WRONG_STEP'],
    [Purpose, { validate: true }, 'WRONG_STEP'],
    [TrafficModes, { modes: true }, null],
    [TrafficModes, { validate: true }, null],
    [TrafficModes, { modes: true, validate: true }, null],
    [TrafficModes, { purposes: true }, 'WRONG_STEP'],
    [TrafficModes, { geometry: true }, 'WRONG_STEP'],
    [TrafficModes, { purposes: true, modes: true }, 'WRONG_STEP'],
    [BeforeQuestionnaires, { validate: true }, null],
    [BeforeQuestionnaires, { modes: true }, 'WRONG_STEP'],
    [BeforeQuestionnaires, { purposes: true }, 'WRONG_STEP'],
    [Questionnaires, { modes: true }, 'WRONG_STEP'],
    [Questionnaires, { validate: true }, 'WRONG_STEP'],
    [Validated, { purposes: true }, 'WRONG_STEP'],
    [Validated, { modes: true }, 'WRONG_STEP'],
    [TrafficModes, { unvalidate: true }, 'WRONG_STEP'],
    [BeforeQuestionnaires, { unvalidate: true }, 'WRONG_STEP'],
    // Nothing changes: allowed in every step (an echoed leg, a repeated submit).
    [Purpose, {}, null],
    [TrafficModes, {}, null],
    [Validated, {}, null],
  ] as const)('step %s, change %j → %s', (step, change, expected) => {
    expect(legChangeBlock(step, change)).toBe(expected)
  })
})

test.each([
  [[1, 2], [2, 1], true],
  [[1, 2, 2], [1, 2], true],
  [[1], [1, 2], false],
  [[], [], true],
  [[3], [4], false],
])('sameSet(%j, %j) = %s', (a, b, expected) => expect(sameSet(a, b)).toBe(expected))

test.each([
  [[], ['UNKNOWN']],
  [['CAR'], ['CAR']],
  [
    ['WALK', 'CAR'],
    ['WALK', 'CAR'],
  ],
])('normalisedModes(%j) = %j', (modes, expected) => expect(normalisedModes(modes)).toEqual(expected))
