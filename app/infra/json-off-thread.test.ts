import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { parseJsonOffThread } from './json-off-thread.server'

const bytes = (text: string) => new TextEncoder().encode(text)
// Always in the worker, in pieces of at most 64 characters: every value bigger than that is sent member by member.
const inWorker = { minBytes: 0, pieceChars: 64 }

describe('parseJsonOffThread', () => {
  test.each([
    ['a number', '42'],
    ['a string', '"Weg"'],
    ['null', 'null'],
    ['an empty array', '[]'],
    ['an empty object', '{}'],
    ['a long array of small items', JSON.stringify(Array.from({ length: 500 }, (_, i) => ({ id: i })))],
    ['an item larger than a piece', JSON.stringify([{ geom: Array.from({ length: 100 }, (_, i) => [i, i]) }, 1])],
    ['a big object', JSON.stringify(Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`k${i}`, [i]])))],
    [
      'keys that look like indexes',
      '{"0":[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27],"1":{}}',
    ],
    ['a member named __proto__', `{"__proto__":[${'1,'.repeat(40)}1],"b":1}`],
    ['nulls inside big arrays', JSON.stringify([null, [null, 'x'.repeat(100)], null])],
  ])('%s comes back as JSON.parse reads it', async (_, text) => {
    expect(await parseJsonOffThread(bytes(text), inWorker)).toEqual(JSON.parse(text))
  })

  test('any JSON value comes back as JSON.parse reads it', async () => {
    await fc.assert(
      fc.asyncProperty(fc.json({ maxDepth: 4 }), async (text) => {
        expect(await parseJsonOffThread(bytes(text), inWorker)).toEqual(JSON.parse(text))
      }),
      { numRuns: 20 },
    )
  })

  test('a file of the importer’s size arrives whole', async () => {
    const ways = Array.from({ length: 5000 }, (_, i) => ({
      id: i,
      legs: [{ geom: Array.from({ length: 10 }, (_, p) => ({ lat: 52.5 + p / 1000, lon: 13.4 })) }],
    }))
    const text = JSON.stringify({ command: 'trips:import', args: { data: ways } })
    expect(text.length).toBeGreaterThan(1_000_000)
    expect(await parseJsonOffThread(bytes(text))).toEqual(JSON.parse(text))
  })

  test('text that is not JSON is refused with a SyntaxError, in the worker and in place', async () => {
    await expect(parseJsonOffThread(bytes('{"a": [1, 2'), inWorker)).rejects.toThrow(SyntaxError)
    await expect(parseJsonOffThread(bytes('{"a": [1, 2'))).rejects.toThrow(SyntaxError)
  })
})
