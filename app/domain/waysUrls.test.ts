import { describe, expect, test } from 'vitest'
import { confirmLeavesTab, LIST_FILTERS, listCardHref, listPath, wayPath, type ListFilter } from './waysUrls'

describe('a confirmed way leaves only the tab that shows unconfirmed ways', () => {
  test.each<[ListFilter, boolean]>([
    ['all', false],
    ['unconfirmed', true],
    ['confirmed', false],
    ['qtnsUnanswered', false],
  ])('%s: %s', (filter, leaves) => expect(confirmLeavesTab(filter)).toBe(leaves))
  test('every tab is in the table', () => expect(LIST_FILTERS).toHaveLength(4))
})

describe('the ways pages’ addresses', () => {
  test.each([
    [listPath('all', 1), '/ways/list/all/page/1'],
    [listPath('unconfirmed', 2, 7), '/ways/list/unconfirmed/7/page/2'],
    [listCardHref('unconfirmed', 1, 7), '/ways/list/unconfirmed/7/page/1#trip-7'],
    [wayPath(7), '/ways/tripDetails/7'],
    [wayPath(7, 'all'), '/ways/tripDetails/7'],
    [wayPath(7, 'confirmed'), '/ways/tripDetails/7?list=confirmed'],
  ])('%s', (got, want) => expect(got).toBe(want))
})
