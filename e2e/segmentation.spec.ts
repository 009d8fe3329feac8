// Correcting the phone's segmentation on the way's page, counted in taps, with JavaScript on and off: a way split
// between two legs in at most 3 taps and inside a leg at a listed point in at most 3, two ways merged in at most 2,
// and either undone in one.
import type { Locator, Page } from '@playwright/test'
import { test, expect, participantPage, day, recordedWay } from './fixtures'
import { acceptCookies, toast } from './page-helpers'

class Taps {
  count = 0
  async click(target: Locator) {
    this.count++
    await target.click()
  }
}

const cards = (page: Page) => page.locator('article[data-trip-id]')

/** Opens the way's page of the only (or first) way on the list. */
async function openFirstWay(page: Page) {
  await page.goto('/ways/list/all/page/1')
  await acceptCookies(page)
  const id = Number(await cards(page).first().getAttribute('data-trip-id'))
  await page.goto(`/ways/tripDetails/${id}`)
  return id
}

test('a way split between two legs in at most 3 taps, undone in one', async ({ browser, js }) => {
  const { page, context } = await participantPage(browser, js, { trips: [recordedWay([{}, {}, {}])] })
  await openFirstWay(page)
  const taps = new Taps()
  await taps.click(page.getByRole('link', { name: 'Weg teilen' }))
  await taps.click(page.getByRole('button', { name: 'Hier teilen: 08:10, vor Etappe 2' }))
  expect(taps.count, 'taps to split between legs').toBeLessThanOrEqual(3)
  await toast(page, 'Weg geteilt.')
  await page.goto('/ways/list/all/page/1')
  await expect(cards(page)).toHaveCount(2)

  await page.goBack()
  const undo = new Taps()
  await undo.click(page.getByRole('button', { name: 'Teilen rückgängig machen' }))
  expect(undo.count).toBe(1)
  await toast(page, 'Rückgängig gemacht.')
  await page.goto('/ways/list/all/page/1')
  await expect(cards(page)).toHaveCount(1)
  await context.close()
})

test('a way split inside a leg at a listed point in at most 3 taps', async ({ browser, js }) => {
  const d = day(-1)
  const geom = [0, 1, 2, 3, 4].map((k) => ({ lat: 52.52, lon: 13.38 + k * 0.002 }))
  const { page, context } = await participantPage(browser, js, {
    trips: [recordedWay([{ startTime: `${d} 08:00`, endTime: `${d} 08:20`, geom }], {}, d)],
  })
  await openFirstWay(page)
  const taps = new Taps()
  await taps.click(page.getByRole('link', { name: 'Weg teilen' }))
  await taps.click(page.getByRole('link', { name: 'Etappe 1 (08:00–08:20)' }))
  // The points are named by their time, interpolated along the leg: a quarter of the way is 08:05.
  await taps.click(page.getByRole('button', { name: 'Hier teilen: 08:05' }))
  expect(taps.count, 'taps to split inside a leg').toBeLessThanOrEqual(3)
  await toast(page, 'Weg geteilt.')
  await page.goto('/ways/list/all/page/1')
  await expect(cards(page)).toHaveCount(2)
  await context.close()
})

test('two ways merged from the way page in at most 2 taps, undone in one', async ({ browser, js }) => {
  const d = day(-1)
  const { page, context } = await participantPage(browser, js, {
    trips: [recordedWay([{}], {}, d), recordedWay([{ startTime: `${d} 09:00`, endTime: `${d} 09:09` }], {}, d)],
  })
  await page.goto('/ways/list/all/page/1')
  await acceptCookies(page)
  await expect(cards(page)).toHaveCount(2)
  // The list shows the newest first: the last card is the earlier way.
  const earlier = Number(await cards(page).last().getAttribute('data-trip-id'))
  await page.goto(`/ways/tripDetails/${earlier}`)
  const taps = new Taps()
  await taps.click(page.getByRole('button', { name: 'Mit dem nächsten Weg zusammenführen' }))
  expect(taps.count, 'taps to merge').toBeLessThanOrEqual(2)
  await toast(page, 'Wege zusammengeführt.')
  await expect(page).toHaveURL(new RegExp(`/ways/tripDetails/${earlier}`))

  const undo = new Taps()
  await undo.click(page.getByRole('button', { name: 'Zusammenführen rückgängig machen' }))
  expect(undo.count).toBe(1)
  await toast(page, 'Rückgängig gemacht.')
  await page.goto('/ways/list/all/page/1')
  await expect(cards(page)).toHaveCount(2)
  await context.close()
})
