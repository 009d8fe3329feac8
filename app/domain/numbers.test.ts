// Number input: int or float. The value is clamped to min (default 0) and max (default 1000). Floats allow 2 decimals.
// Slider: min default 0, max default 140 (unit % when 0 to 100). Interval from metadata, default 1.
// Constant-sum: the total of all sliders may not exceed maximum_sum (default the max). The last moved slider is
//        reduced by the excess.
// Row text: max characters default 100. The remaining count is shown, over-limit text is cut, and the
//        single-row type strips a line break.
import { describe, test, expect } from 'vitest'
import { applyConstantSum, clampNumber, maximumSum, normalizeRowText, sliderConfig } from './numbers'

describe('clampNumber', () => {
  test.each([
    ['5', {}, false, '5'],
    ['0', {}, false, '0'],
    ['1000', {}, false, '1000'],
    ['1001', {}, false, '1000'],
    ['-5', {}, false, '0'],
    ['-5', { min: -10 }, false, '-5'],
    ['50', { max: 20 }, false, '20'],
    ['3', { min: 5 }, false, '5'],
    ['3.7', {}, false, '3'],
    ['3,7', {}, true, '3.7'],
    ['3.14159', {}, true, '3.14'],
    ['1.005', {}, true, '1.01'],
    ['2.999', {}, true, '3'],
    ['.5', {}, true, '0.5'],
    ['7.', {}, true, '7'],
    [' 12 ', {}, false, '12'],
    ['1000.001', {}, true, '1000'],
    ['-0.001', { min: -1 }, true, '0'],
    ['', {}, false, null],
    ['abc', {}, true, null],
    ['1e3', {}, false, null],
    ['1.2.3', {}, true, null],
    ['1,2,3', {}, true, null],
  ])('%j %j float=%s → %j', (value, opts, float, expected) => {
    expect(clampNumber(value, { ...opts, float })).toBe(expected)
  })
})

describe('sliderConfig', () => {
  test.each([
    [{}, { min: 0, max: 140, step: 1, unit: null }],
    [
      { min: null, max: null, metaDataRecs: null },
      { min: 0, max: 140, step: 1, unit: null },
    ],
    [
      { min: 0, max: 100 },
      { min: 0, max: 100, step: 1, unit: '%' },
    ],
    [{ max: 100 }, { min: 0, max: 100, step: 1, unit: '%' }],
    [
      { min: 10, max: 100 },
      { min: 10, max: 100, step: 1, unit: null },
    ],
    [
      { min: 0, max: 100, metaDataRecs: [{ key: 'unit', val: 'km' }] },
      { min: 0, max: 100, step: 1, unit: 'km' },
    ],
    [
      { max: 50, metaDataRecs: [{ key: 'interval', val: '5' }] },
      { min: 0, max: 50, step: 5, unit: null },
    ],
    [
      { max: 50, metaDataRecs: [{ key: 'interval', val: '0,5' }] },
      { min: 0, max: 50, step: 0.5, unit: null },
    ],
    [
      { max: 50, metaDataRecs: [{ key: 'step', val: '2' }] },
      { min: 0, max: 50, step: 2, unit: null },
    ],
    [
      { max: 50, metaDataRecs: [{ key: 'interval', val: '0' }] },
      { min: 0, max: 50, step: 1, unit: null },
    ],
    [
      { max: 50, metaDataRecs: [{ key: 'interval', val: 'x' }] },
      { min: 0, max: 50, step: 1, unit: null },
    ],
  ])('%j → %j', (input, expected) => {
    expect(sliderConfig(input)).toEqual(expected)
  })
})

describe('maximumSum', () => {
  test.each([
    [[{ key: 'maximum_sum', val: '100' }], 140, 100],
    [[], 120, 120],
    [null, null, 140],
    [[{ key: 'maximum_sum', val: 'x' }], 80, 80],
  ])('%j max=%s → %s', (recs, max, expected) => {
    expect(maximumSum(recs, max)).toBe(expected)
  })
})

describe('applyConstantSum', () => {
  test.each([
    [[20, 30, 40], 2, 100, [20, 30, 40], false],
    [[20, 30, 50], 2, 100, [20, 30, 50], false],
    [[20, 30, 60], 2, 100, [20, 30, 50], true],
    [[70, 30, 10], 0, 100, [60, 30, 10], true],
    [[10, 80, 30], 0, 100, [0, 80, 30], true],
    [[0, 80, 30], 0, 100, [0, 80, 30], false],
    [[50, 60], 5, 100, [50, 60], false],
  ])('%j moved %s max %s → %j', (values, lastMoved, max, expected, reduced) => {
    expect(applyConstantSum(values, lastMoved, max)).toEqual({ values: expected, reduced })
  })
})

describe('normalizeRowText', () => {
  const long = 'x'.repeat(120)
  test.each([
    ['hello', {}, false, 'hello', 95],
    ['', {}, true, '', 100],
    [long, {}, false, 'x'.repeat(100), 0],
    ['abcdef', { max: 3 }, false, 'abc', 0],
    ['ab', { max: 3 }, false, 'ab', 1],
    ['line1\nline2', { max: 20 }, true, 'line1line2', 10],
    ['line1\r\nline2', { max: 20 }, true, 'line1line2', 10],
    ['line1\nline2', { max: 20 }, false, 'line1\nline2', 9],
    ['a😀b', { max: 2 }, false, 'a😀', 0],
    ['abc', { max: null }, false, 'abc', 97],
  ])('%j %j singleRow=%s → %j (%s left)', (text, opts, singleRow, expected, remaining) => {
    expect(normalizeRowText(text, { ...opts, singleRow })).toEqual({ text: expected, remaining })
  })
})
