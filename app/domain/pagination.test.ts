// Trips page size: the list call defaults to 10.
// A trip with n trips before it stands on page floor(n / limit) + 1.
// Paginator shows 6 pages at a time. Page count is total trips divided by the page limit, rounded up.
// Page offset: the first page fetches limit trips; later pages fetch one extra trip overlapping
//        the previous page. Sort order is descending by start.
import { describe, test, expect } from 'vitest'
import {
  PAGINATOR_WINDOW,
  TRIPS_PAGE_SIZE,
  pageCount,
  pageFetch,
  pageOfPosition,
  parsePage,
  splitOverlap,
  visiblePages,
} from './pagination'

test('defaults', () => {
  expect(TRIPS_PAGE_SIZE).toBe(10)
  expect(PAGINATOR_WINDOW).toBe(6)
})

describe('pageOfPosition', () => {
  test.each([
    [0, 10, 1],
    [9, 10, 1],
    [10, 10, 2],
    [25, 10, 3],
    [3, 1, 4],
    [3, 2, 2],
  ])('%s before, %s per page → page %s', (before, limit, expected) => {
    expect(pageOfPosition(before, limit)).toBe(expected)
  })
})

describe('pageCount', () => {
  test.each([
    [0, 10, 0],
    [1, 10, 1],
    [10, 10, 1],
    [11, 10, 2],
    [95, 10, 10],
    [7, 3, 3],
    [5, 0, 0],
  ])('pageCount(%s, %s) = %s', (total, limit, expected) => {
    expect(pageCount(total, limit)).toBe(expected)
  })

  test('default limit is 10', () => {
    expect(pageCount(21)).toBe(3)
  })
})

describe('pageFetch', () => {
  test.each([
    [1, 10, { offset: 0, fetchNext: 10 }],
    [2, 10, { offset: 9, fetchNext: 11 }],
    [3, 10, { offset: 19, fetchNext: 11 }],
    [2, 5, { offset: 4, fetchNext: 6 }],
    [0, 10, { offset: 0, fetchNext: 10 }],
  ])('page %s, limit %s → %j', (page, limit, expected) => {
    expect(pageFetch(page, limit)).toEqual(expected)
  })

  test('default limit is 10', () => {
    expect(pageFetch(2)).toEqual({ offset: 9, fetchNext: 11 })
  })
})

describe('splitOverlap', () => {
  test.each([
    [[1, 2, 3], 1, { previous: null, items: [1, 2, 3] }],
    [[10, 11, 12], 2, { previous: 10, items: [11, 12] }],
    [[], 2, { previous: null, items: [] }],
  ])('%j on page %s → %j', (rows, page, expected) => {
    expect(splitOverlap(rows, page)).toEqual(expected)
  })
})

describe('visiblePages', () => {
  test.each([
    [1, 0, []],
    [1, 1, [1]],
    [2, 3, [1, 2, 3]],
    [1, 6, [1, 2, 3, 4, 5, 6]],
    [1, 20, [1, 2, 3, 4, 5, 6]],
    [3, 20, [1, 2, 3, 4, 5, 6]],
    [4, 20, [2, 3, 4, 5, 6, 7]],
    [5, 20, [3, 4, 5, 6, 7, 8]],
    [18, 20, [15, 16, 17, 18, 19, 20]],
    [20, 20, [15, 16, 17, 18, 19, 20]],
    [99, 20, [15, 16, 17, 18, 19, 20]],
    [0, 20, [1, 2, 3, 4, 5, 6]],
  ])('current %s of %s → %j', (current, count, expected) => {
    expect(visiblePages(current, count)).toEqual(expected)
  })

  test('custom window', () => {
    expect(visiblePages(5, 20, 3)).toEqual([4, 5, 6])
  })
})

describe('parsePage', () => {
  test.each([
    ['1', 1],
    ['12', 12],
    ['0', null],
    ['-1', null],
    ['01', null],
    ['1.5', null],
    ['1e3', null],
    [' 2', null],
    ['abc', null],
    ['', null],
    ['99999999999999999999', null],
    [null, null],
    [undefined, null],
  ])('parsePage(%j) = %j', (s, expected) => {
    expect(parsePage(s)).toBe(expected)
  })
})
