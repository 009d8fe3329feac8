// Kept form entries: URL-encoded in their order, repeated names kept, and read back as they were.
import { describe, expect, test } from 'vitest'
import { decodeFormEntries, encodeFormEntries, type FormEntries } from './formEntries'

describe('kept form entries', () => {
  test.each<[string, FormEntries, string]>([
    ['none', [], ''],
    ['one', [['remark', 'kept']], 'remark=kept'],
    [
      'repeated names in order',
      [
        ['purpose', '2'],
        ['purpose', '1'],
      ],
      'purpose=2&purpose=1',
    ],
    ['spaces and umlauts', [['remark', 'Zum Bäcker & zurück']], 'remark=Zum+B%C3%A4cker+%26+zur%C3%BCck'],
    ['an empty value', [['name', '']], 'name='],
  ])('%s', (_label, entries, body) => {
    expect(encodeFormEntries(entries)).toBe(body)
    expect(decodeFormEntries(body)).toEqual(entries)
  })
})
