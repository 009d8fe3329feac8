// CSV: RFC 4180, UTF-8, header row, proper quoting … and a guard against CSV/formula injection;
// start and end in ISO 8601 with offset; coordinates [lon, lat] per RFC 7946.
import { describe, expect, test } from 'vitest'
import { csvField, csvRecord, guardFormula, isoInZone, kilometres, lineGeometry } from './exportFormat'

describe('guardFormula (OWASP CSV injection)', () => {
  test.each([
    ['=1+2', "'=1+2"],
    ['+49 30 123', "'+49 30 123"],
    ['-2+3+cmd|x', "'-2+3+cmd|x"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', "'\t=1"],
    ['\r=1', "'\r=1"],
    ['-5', '-5'],
    ['+3.25', '+3.25'],
    ['-1e3', '-1e3'],
    ['hello', 'hello'],
    ['a=b', 'a=b'],
    ['', ''],
  ])('%j → %j', (input, expected) => expect(guardFormula(input)).toBe(expected))
})

describe('csvField (RFC 4180)', () => {
  test.each([
    [null, ''],
    [undefined, ''],
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['line\nbreak', '"line\nbreak"'],
    ['cr\r\nlf', '"cr\r\nlf"'],
    ['=HYPERLINK("x")', `"'=HYPERLINK(""x"")"`],
    [12.5, '12.5'],
    [-3, '-3'],
    [Number.NaN, ''],
    [true, 'true'],
    [false, 'false'],
    [['WALK', 'BICYCLE'], 'WALK|BICYCLE'],
    [[1, 5], '1|5'],
    [[], ''],
    ['Ümlaut ß', 'Ümlaut ß'],
  ] as const)('%j → %j', (value, expected) => expect(csvField(value)).toBe(expected))

  test('a record ends with CRLF', () => expect(csvRecord(['a', 1, null, 'b,c'])).toBe('a,1,,"b,c"\r\n'))
})

describe('isoInZone', () => {
  test.each([
    ['2026-11-02T07:10:00Z', 'Europe/Berlin', '2026-11-02T08:10:00+01:00'],
    ['2026-07-01T06:00:30Z', 'Europe/Berlin', '2026-07-01T08:00:30+02:00'],
    // DST ends 2026-10-25 at 01:00 UTC: the same wall clock twice, told apart by the offset.
    ['2026-10-25T00:30:00Z', 'Europe/Berlin', '2026-10-25T02:30:00+02:00'],
    ['2026-10-25T01:30:00Z', 'Europe/Berlin', '2026-10-25T02:30:00+01:00'],
    ['2026-12-31T23:59:59.900Z', 'Europe/Berlin', '2027-01-01T00:59:59+01:00'],
    ['2026-01-15T12:00:00Z', 'UTC', '2026-01-15T12:00:00+00:00'],
    ['2026-01-15T12:00:00Z', 'America/St_Johns', '2026-01-15T08:30:00-03:30'],
    ['2026-01-15T12:00:00Z', 'Asia/Kolkata', '2026-01-15T17:30:00+05:30'],
  ])('%s in %s → %s', (instant, zone, expected) => {
    const iso = isoInZone(new Date(instant), zone)
    expect(iso).toBe(expected)
    expect(new Date(iso).getTime()).toBe(Math.floor(new Date(instant).getTime() / 1000) * 1000)
  })
})

describe('lineGeometry (RFC 7946)', () => {
  test('positions are [lon, lat]', () => {
    expect(
      lineGeometry([
        { lat: 52.5, lon: 13.4 },
        { lat: 52.6, lon: 13.5 },
      ]),
    ).toEqual({
      type: 'LineString',
      coordinates: [
        [13.4, 52.5],
        [13.5, 52.6],
      ],
    })
  })
  test.each([
    [[], null],
    [[{ lat: 52.5, lon: 13.4 }], null],
    [
      [
        { lat: 52.5, lon: 13.4 },
        { lat: 95, lon: 13.4 },
      ],
      null,
    ],
    [
      [
        { lat: 52.5, lon: 13.4 },
        { lat: Number.NaN, lon: 1 },
        { lat: 52.6, lon: 181 },
      ],
      null,
    ],
  ])('fewer than two usable points → null (%#)', (points, expected) => expect(lineGeometry(points)).toBe(expected))
})

test('kilometres', () => {
  expect(kilometres(1234.4)).toBe(1.234)
  expect(kilometres(0)).toBe(0)
})
