// Next works only if the current question is validly answered. Unsupported types are skipped.
// Filter sub-questions appear when the parent is validly answered and an answer matches a filter code.
// The Complete button shows only on the last questionnaire, when all are validly answered and all supported
//          questions were seen.
// When moving past the last question of a leg questionnaire, if later legs have the same traffic mode, the user
//          is asked whether to copy the answers to them. Locator questions are not copied.
import { describe, expect, test } from 'vitest'
import { isQuestionValid } from './questionValidity'
import { sortedQuestions } from './questionOrder'
import {
  allQuestions,
  answersOf,
  copiedSeenIds,
  copyableAnswers,
  partProgress,
  pruneHidden,
  questionByOption,
  replaceAnswers,
  skipTarget,
  visibleQuestions,
  type QuestionLike,
  type SectionLike,
} from './questionFlow'

const a = (answOptId: number, text = '') => ({ answOptId, text })
const q = (id: number, type: string, opts: number[], extra: Partial<QuestionLike> = {}): QuestionLike => ({
  id,
  type,
  mandatory: false,
  sortingIdx: 0,
  subQuestions: [{ id: id * 10, answOpts: opts.map((o) => ({ id: o })) }],
  ...extra,
})

// 1 single choice (mandatory) with a filter on option 11 → section [5 int]; 2 DRAG_RAT (skipped); 3 locator; 4 text.
const section: SectionLike = {
  questions: [
    q(4, 'TEXT', [41], { sortingIdx: 4 }),
    q(1, 'SINGLE_CHOICE', [11, 12], {
      sortingIdx: 1,
      mandatory: true,
      filter: {
        boolExpDefs: [{ codes: [11] }],
        section: { questions: [q(5, 'INT_NO_INPUT', [51], { mandatory: true })] },
      },
    }),
    q(2, 'DRAG_RAT', [21, 22], { sortingIdx: 2 }),
    q(3, 'SINGLE_LOCATOR', [31], { sortingIdx: 3 }),
  ],
}
const ids = (list: { id: number }[]) => list.map((x) => x.id)

describe('order and lookup', () => {
  test('sortedQuestions follows sortingIdx', () => expect(ids(sortedQuestions(section))).toEqual([1, 2, 3, 4]))
  test('allQuestions includes filter sections after their parent', () =>
    expect(ids(allQuestions(section))).toEqual([1, 5, 2, 3, 4]))
  test('questionByOption names the question of every option', () => {
    const m = questionByOption(section)
    expect([11, 12, 21, 31, 41, 51].map((o) => m.get(o)?.id)).toEqual([1, 1, 2, 3, 4, 5])
  })
  test('answersOf / replaceAnswers', () => {
    const list = [a(11), a(41, 'x'), a(51, '3')]
    expect(answersOf(section.questions[1], list)).toEqual([a(11)])
    expect(replaceAnswers(list, section.questions[1], [a(12)])).toEqual([a(41, 'x'), a(51, '3'), a(12)])
  })
})

describe('visibleQuestions: unsupported skipped, filters open on a valid matching answer', () => {
  test.each([
    ['no answers', [], [1, 3, 4]],
    ['answer 12 (no filter code)', [a(12)], [1, 3, 4]],
    ['answer 11 (filter code) opens question 5 right after 1', [a(11)], [1, 5, 3, 4]],
    ['11 and 12 together is not a valid single choice → closed', [a(11), a(12)], [1, 3, 4]],
  ])('%s', (_name, answers, expected) => {
    expect(ids(visibleQuestions(section, answers))).toEqual(expected)
  })
  test('pruneHidden drops answers of a closed filter section', () => {
    expect(pruneHidden(section, [a(12), a(51, '4')])).toEqual([a(12)])
    expect(pruneHidden(section, [a(11), a(51, '4')])).toEqual([a(11), a(51, '4')])
  })
})

describe('partProgress', () => {
  test.each([
    ['nothing seen', [], [], { allValid: false, allSeen: false, firstOpen: 0 }],
    [
      'mandatory single choice answered, all seen',
      [a(12)],
      [1, 3, 4],
      { allValid: true, allSeen: true, firstOpen: -1 },
    ],
    ['filter opened but its question not seen', [a(11)], [1, 3, 4], { allValid: false, allSeen: false, firstOpen: 1 }],
    [
      'filter question answered and seen',
      [a(11), a(51, '2')],
      [1, 5, 3, 4],
      { allValid: true, allSeen: true, firstOpen: -1 },
    ],
  ])('%s', (_name, answers, seen, expected) => {
    expect(partProgress(section, answers, seen)).toMatchObject(expected)
  })
  test('a custom validator is used', () => {
    expect(partProgress(section, [a(12)], [1, 3, 4], () => false)).toMatchObject({ allValid: false, firstOpen: 0 })
  })
})

describe('copy to later legs: locator answers are not copied', () => {
  const legSection: SectionLike = {
    questions: [
      q(1, 'SINGLE_CHOICE', [11, 12]),
      q(3, 'SINGLE_LOCATOR', [31], { sortingIdx: 1 }),
      q(6, 'TEXT', [61], { sortingIdx: 2, applyResps: false }),
    ],
  }
  const point = '{"type":"Point","coordinates":[13.4,52.5]}'
  test('copyableAnswers', () => {
    expect(copyableAnswers(legSection, [a(11), a(31, point), a(61, 'own')])).toEqual([a(11)])
  })
  test('copiedSeenIds: all but the questions not copied', () => {
    expect(copiedSeenIds(legSection, [a(11)])).toEqual([1])
  })
})

describe('skipTarget: past every question that passes its check, up to the first that needs an answer', () => {
  // 1 mandatory choice (filter on 11 → 5 mandatory number), 3 optional locator, 4 optional text, 6 mandatory date.
  const part: SectionLike = {
    questions: [...section.questions, q(6, 'DATE', [61], { sortingIdx: 6, mandatory: true })],
  }
  const passes = (answers: { answOptId: number; text: string }[]) => (x: QuestionLike) =>
    isQuestionValid(x, answersOf(x, answers))
  test.each([
    // answers, from (question id), stops at (question id or 'end'), passed over
    { answers: [a(12)], from: 1, stop: 6, passed: [3, 4] },
    { answers: [a(12), a(61, '2026-01-02')], from: 1, stop: 'end', passed: [3, 4, 6] },
    // The filter opened by the answer: its mandatory question stops the skip.
    { answers: [a(11)], from: 1, stop: 5, passed: [] },
    { answers: [a(11), a(51, '3')], from: 1, stop: 6, passed: [5, 3, 4] },
    // From an optional question: the mandatory one after it is next.
    { answers: [a(12)], from: 3, stop: 6, passed: [4] },
    // From the part's last question: its end.
    { answers: [a(12), a(61, '2026-01-02')], from: 6, stop: 'end', passed: [] },
    // A question before the current one is not looked at.
    { answers: [], from: 3, stop: 6, passed: [4] },
  ])('$answers.length answers, from $from: stops at $stop', ({ answers, from, stop, passed }) => {
    const visible = visibleQuestions(part, answers)
    const result = skipTarget(visible, ids(visible).indexOf(from), passes(answers))
    expect(result.to === visible.length ? 'end' : visible[result.to]!.id).toEqual(stop)
    expect(ids(result.passed)).toEqual(passed)
  })
  test('an answer that breaks a rule stops the skip like a missing mandatory one', () => {
    const list = [q(1, 'TEXT', [11]), q(2, 'TEXT', [21]), q(3, 'TEXT', [31])]
    expect(skipTarget(list, 0, (x) => x.id !== 2)).toEqual({ to: 1, passed: [] })
    expect(skipTarget(list, 0, () => true)).toEqual({ to: 3, passed: [list[1], list[2]] })
    expect(skipTarget([], -1, () => true)).toEqual({ to: 0, passed: [] })
  })
})
