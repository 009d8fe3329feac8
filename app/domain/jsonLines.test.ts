import { describe, expect, test } from 'vitest'
import { jsonLines, lineOf, nestingDepth } from './jsonLines'

const text = `{
  "name": "A \\"quoted\\" study",
  "questionnaires": [
    {
      "id": 1,
      "section": { "id": 2, "questions": [] }
    },
    { "id": 3 }
  ],
  "empty": {}
}`

describe('jsonLines / lineOf', () => {
  const lines = jsonLines(text)
  test.each([
    [[], 1],
    [['name'], 2],
    [['questionnaires'], 3],
    [['questionnaires', 0], 4],
    [['questionnaires', 0, 'id'], 5],
    [['questionnaires', 0, 'section', 'questions'], 6],
    [['questionnaires', 1, 'id'], 8],
    [['empty'], 10],
    // Unknown paths fall back to their nearest known parent.
    [['questionnaires', 1, 'type'], 8],
    [['questionnaires', 0, 'section', 'questions', 0, 'type'], 6],
  ] as [PropertyKey[], number][])('%j is on line %i', (path, line) => expect(lineOf(lines, path)).toBe(line))
  test('a text that is not JSON gives what it found without throwing', () => {
    expect(lineOf(jsonLines('{\n "a": [1, '), ['a', 0])).toBe(2)
  })
})

describe('nestingDepth', () => {
  test.each([
    ['1', 0],
    ['"[{["', 0],
    ['[]', 1],
    ['{"a":[1,{"b":[]}]}', 4],
    ['["\\"", ["]"]]', 2],
    ['[[[]],[[[]]]]', 4],
    ['{"k":"\\\\"}', 1],
  ])('nestingDepth(%j) → %j', (text, expected) => expect(nestingDepth(text)).toBe(expected))

  test('a 100,000-deep text is measured without exhausting the stack', () => {
    expect(nestingDepth('['.repeat(100_000) + ']'.repeat(100_000))).toBe(100_000)
  })
})
