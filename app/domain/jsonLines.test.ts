import { describe, expect, test } from 'vitest'
import { jsonLines, lineOf } from './jsonLines'

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
