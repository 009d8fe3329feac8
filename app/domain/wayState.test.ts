// A way's state: purpose (a leg without purpose) → modes (every leg has one) → confirmed with questions open →
// done; reported (until withdrawn) whatever else holds. Until confirmed everything stays correctable; a confirmed
// way only takes answers and can be copied; a reported way can always be withdrawn.
import { describe, expect, test } from 'vitest'
import {
  ALLOWED,
  WAY_ACTIONS,
  quickConfirmable,
  quickPurposes,
  refusal,
  wayFacts,
  wayState,
  type WayAction,
  type WayFacts,
} from './wayState'
import { Step } from './steps'

const facts = (o: Partial<WayFacts> & { purposes?: boolean[] }): WayFacts => ({
  confirmed: o.confirmed ?? false,
  reported: o.reported ?? false,
  questionsAnswered: o.questionsAnswered ?? false,
  manual: o.manual ?? false,
  legs: o.legs ?? (o.purposes ?? [true]).map((hasPurpose) => ({ hasPurpose })),
})

describe('wayState: state, step, status', () => {
  test.each([
    ['no legs', facts({ purposes: [] }), 'purpose', Step.Purpose, 'unconfirmed'],
    ['a leg without purpose', facts({ purposes: [true, false] }), 'purpose', Step.Purpose, 'unconfirmed'],
    ['every leg with purpose', facts({ purposes: [true, true] }), 'modes', Step.TrafficModes, 'unconfirmed'],
    ['answered but not confirmed', facts({ questionsAnswered: true }), 'modes', Step.TrafficModes, 'unconfirmed'],
    [
      'confirmed, questions open',
      facts({ confirmed: true }),
      'questions',
      Step.BeforeQuestionnaires,
      'questionnairesUnanswered',
    ],
    ['confirmed, answered', facts({ confirmed: true, questionsAnswered: true }), 'done', Step.Validated, 'confirmed'],
    ['reported in purpose', facts({ reported: true, purposes: [false] }), 'reported', Step.Purpose, 'reported'],
    ['reported in modes', facts({ reported: true }), 'reported', Step.TrafficModes, 'reported'],
    [
      'reported and confirmed (imported)',
      facts({ reported: true, confirmed: true }),
      'reported',
      Step.BeforeQuestionnaires,
      'reported',
    ],
  ] as const)('%s', (_label, f, state, step, status) => {
    const s = wayState(f)
    expect(s.state).toBe(state)
    expect(s.step).toBe(step)
    expect(s.status).toBe(status)
  })
})

const allowed = (f: WayFacts) => WAY_ACTIONS.filter((a) => wayState(f).allows[a])

describe('wayState: allowed actions per state', () => {
  const EDIT: WayAction[] = [
    'setPurposes',
    'deleteLeg',
    'copyLeg',
    'copyWay',
    'deleteWay',
    'report',
    'split',
    'merge',
    'revertEdit',
  ]
  test.each([
    ['purpose', facts({ purposes: [false] }), [...EDIT, 'setModes']],
    ['purpose, manual', facts({ purposes: [false], manual: true }), [...EDIT, 'setModes', 'editManual']],
    ['modes', facts({}), [...EDIT.slice(0, 1), 'setModes', 'validateLeg', ...EDIT.slice(1), 'confirm']],
    [
      'modes, manual',
      facts({ manual: true }),
      [...EDIT.slice(0, 1), 'setModes', 'validateLeg', ...EDIT.slice(1), 'confirm', 'editManual'],
    ],
    ['questions', facts({ confirmed: true, manual: true }), ['copyWay', 'answerQuestions', 'complete']],
    ['done', facts({ confirmed: true, questionsAnswered: true, manual: true }), ['copyWay', 'answerQuestions']],
    ['reported', facts({ reported: true, manual: true }), ['copyWay', 'withdrawReport']],
  ] as const)('%s', (_label, f, actions) => {
    expect(allowed(f)).toEqual(WAY_ACTIONS.filter((a) => (actions as readonly string[]).includes(a)))
  })

  test('every unconfirmed, unreported state offers a way forward; confirmed ways never take edits', () => {
    expect(ALLOWED.purpose).toContain('setPurposes')
    expect(ALLOWED.modes).toContain('confirm')
    expect(ALLOWED.questions).toContain('complete')
    for (const s of ['questions', 'done'] as const)
      for (const a of [
        'setPurposes',
        'setModes',
        'validateLeg',
        'deleteLeg',
        'copyLeg',
        'deleteWay',
        'report',
        'editManual',
        'split',
        'merge',
        'revertEdit',
      ] as const)
        expect(ALLOWED[s]).not.toContain(a)
    for (const a of ['split', 'merge', 'revertEdit'] as const) expect(ALLOWED.reported).not.toContain(a)
  })
})

describe('refusal', () => {
  test.each([
    ['purpose', 'WRONG_STEP'],
    ['modes', 'WRONG_STEP'],
    ['questions', 'TRIP_CONFIRMED'],
    ['done', 'TRIP_CONFIRMED'],
    ['reported', 'TRIP_REPORTED'],
  ] as const)('%s → %s', (state, error) => expect(refusal(state)).toBe(error))
})

describe('wayFacts', () => {
  const trip = {
    confirmationStatus: false,
    validationStatus: false,
    fdbkAvail: false,
    allQuestionsAnswered: false,
    creationType: 'CREATED_MANUALLY',
  }
  test.each([
    [{}, [{ purposeIds: [1] }], { confirmed: false, manual: true, legs: [{ hasPurpose: true }] }],
    [
      { validationStatus: true },
      [{ tripPurposes: [] }],
      { confirmed: true, manual: true, legs: [{ hasPurpose: false }] },
    ],
    [{ confirmationStatus: true, creationType: 'TRACKED' }, [], { confirmed: true, manual: false, legs: [] }],
  ])('%j', (over, legs, expected) => {
    expect(wayFacts({ ...trip, ...over }, legs)).toMatchObject(expected)
  })
})

describe('confirming from the card', () => {
  test.each([
    ['every mode known', facts({ purposes: [false, true] }), [['WALK'], ['CAR', 'WALK']], true],
    ['a leg without a mode', facts({ purposes: [false, true] }), [['WALK'], []], false],
    ['a leg whose mode is unknown', facts({}), [['UNKNOWN']], false],
    ['unknown beside a known mode', facts({}), [['UNKNOWN', 'WALK']], false],
    ['no legs', facts({ purposes: [] }), [], false],
    ['confirmed', facts({ confirmed: true }), [['WALK']], false],
    ['reported', facts({ reported: true }), [['WALK']], false],
  ] as const)('quickConfirmable: %s', (_label, f, modes, expected) => {
    expect(quickConfirmable(wayState(f), modes)).toBe(expected)
  })

  test.each([
    ['fills only legs without one', [[3], [], [1, 2]], 5, [[3], [5], [1, 2]]],
    ['every leg set: kept as they are', [[3], [4]], null, [[3], [4]]],
    ['every leg set: a choice changes nothing', [[3], [4]], 5, [[3], [4]]],
    ['a leg without one and no choice', [[3], []], null, null],
  ] as const)('quickPurposes: %s', (_label, legs, chosen, expected) => {
    expect(quickPurposes(legs as unknown as number[][], chosen)).toEqual(expected)
  })
})
