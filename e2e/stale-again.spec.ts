// A one-tap request on a way's page made from an old version (another tab changed the way meanwhile), with JavaScript
// on and off: copying or deleting a leg is not done and says so, never claims success, the page shows the legs as
// stored now, and the same request is offered again for one tap.
import type { Page } from '@playwright/test'
import { test, expect, participantPage, checkA11y, day, recordedWay } from './fixtures'
import { acceptCookies, toast } from './page-helpers'

const CHANGED = 'Der Weg wurde inzwischen an anderer Stelle geändert'
const legs = (page: Page) => page.locator('.leg-list > li')
const legTimes = (page: Page) => page.locator('.leg-list .leg__time')
/** Axe on what `shown` shows, loaded in the test's own page (the fixtures check a JS-off page through it). */
async function a11yOf(page: Page, shown: Page) {
  await page.goto(shown.url())
  await checkA11y(page)
}

test('copying or deleting a leg from an old version says so, shows the legs now and is done in one more tap', async ({
  browser,
  js,
}) => {
  test.slow()
  const { page, context } = await participantPage(browser, js, {
    trips: [recordedWay([{ tfcModes: ['WALK'] }, { tfcModes: ['PUBLIC_TRANSPORT_BUS'] }, { tfcModes: ['WALK'] }])],
  })
  await page.waitForURL(/\/ways\/list\//)
  await acceptCookies(page)
  const id = Number(await page.locator('article[data-trip-id]').first().getAttribute('data-trip-id'))
  const way = `/ways/tripDetails/${id}`
  await page.goto(way)
  const other = await context.newPage()
  await other.goto(way)
  await expect(legs(other)).toHaveCount(3)

  // Copy: this tab copies leg 2; the other, from its old page, leg 1.
  await page.getByRole('button', { name: 'Kopieren (Etappe 2)' }).click()
  await toast(page, 'Etappe kopiert.')
  await expect(legs(page)).toHaveCount(4)
  await other.getByRole('button', { name: 'Kopieren (Etappe 1)' }).click()
  await toast(other, CHANGED)
  await expect(other.getByText('Etappe kopiert.')).toHaveCount(0)
  // What is stored now (four legs), and the copy offered again for one tap.
  await expect(legs(other)).toHaveCount(4)
  const again = other.locator('#again')
  await expect(again).toContainText('Nicht ausgeführt')
  await a11yOf(page, other)
  await again.getByRole('button', { name: 'Etappe 1 (08:00–08:09) kopieren' }).click()
  await toast(other, 'Etappe kopiert.')
  await expect(other.locator('#again')).toHaveCount(0)
  await expect(legs(other)).toHaveCount(5)
  // Leg 1 and its copy (a copy keeps the times).
  await expect(legTimes(other).filter({ hasText: /^08:00/ })).toHaveCount(2)

  // Delete: the other tab asks to delete leg 1 while this tab, reloaded, deletes the last leg.
  await page.goto(way)
  await other.getByRole('link', { name: 'Löschen (Etappe 1)' }).click()
  const ask = other.locator('#delete-leg')
  await expect(ask).toBeVisible()
  await page.getByRole('link', { name: 'Löschen (Etappe 5)' }).click()
  await page.locator('#delete-leg').getByRole('button', { name: 'Etappe löschen' }).click()
  await toast(page, 'Etappe gelöscht.')
  await expect(legs(page)).toHaveCount(4)
  await ask.getByRole('button', { name: 'Etappe löschen' }).click()
  await toast(other, CHANGED)
  await expect(other.getByText('Etappe gelöscht.')).toHaveCount(0)
  // Not deleted: the legs as stored now, and the same question with the note, so one tap deletes it.
  await expect(legs(other)).toHaveCount(4)
  await expect(ask).toContainText('Nicht ausgeführt')
  await expect(ask).toContainText('Die Etappe von 08:00 bis 08:09')
  await a11yOf(page, other)
  await ask.getByRole('button', { name: 'Etappe löschen' }).click()
  await toast(other, 'Etappe gelöscht.')
  await expect(legs(other)).toHaveCount(3)
  await expect(legTimes(other).filter({ hasText: /^08:00/ })).toHaveCount(1)
  await context.close()
})

test('merging, splitting or copying the way from an old version is offered again as it can be done now', async ({
  browser,
  js,
}) => {
  test.slow()
  const d = day(-1)
  const { page, context } = await participantPage(browser, js, {
    trips: [recordedWay([{}, {}, {}], {}, d), recordedWay([{ startTime: `${d} 09:00`, endTime: `${d} 09:09` }], {}, d)],
  })
  await page.waitForURL(/\/ways\/list\//)
  await acceptCookies(page)
  // The list shows the newest first: the last card is the earlier way, the one with three legs.
  const id = Number(await page.locator('article[data-trip-id]').last().getAttribute('data-trip-id'))
  const way = `/ways/tripDetails/${id}`
  const other = await context.newPage()
  const bothOnTheWay = async () => {
    await page.goto(way)
    await other.goto(way)
  }

  // Merge: this tab copies a leg meanwhile; the other's merge is not done, and offered again.
  await bothOnTheWay()
  await page.getByRole('button', { name: 'Kopieren (Etappe 3)' }).click()
  await toast(page, 'Etappe kopiert.')
  await other.getByRole('button', { name: 'Mit dem nächsten Weg zusammenführen' }).click()
  await toast(other, CHANGED)
  await expect(other.getByText('Wege zusammengeführt.')).toHaveCount(0)
  await expect(legs(other)).toHaveCount(4)
  await other.locator('#again').getByRole('button', { name: 'Mit dem nächsten Weg zusammenführen' }).click()
  await toast(other, 'Wege zusammengeführt.')
  await expect(legs(other)).toHaveCount(5)

  // Split before a leg: the leg has moved (a copy before it), and the offer names its place now.
  await bothOnTheWay()
  await other.getByRole('link', { name: 'Weg teilen' }).click()
  await page.getByRole('button', { name: 'Kopieren (Etappe 1)' }).click()
  await toast(page, 'Etappe kopiert.')
  await other.locator('#split').getByRole('button', { name: 'Hier teilen: 08:10, vor Etappe 2' }).click()
  await toast(other, CHANGED)
  await expect(other.getByText('Weg geteilt.')).toHaveCount(0)
  await expect(legs(other)).toHaveCount(6)
  await other.locator('#again').getByRole('button', { name: 'Hier teilen: 08:10, vor Etappe 3' }).click()
  await toast(other, 'Weg geteilt.')
  await expect(legs(other)).toHaveCount(2)

  // Copy the way.
  await bothOnTheWay()
  await page.getByRole('button', { name: 'Kopieren (Etappe 1)' }).click()
  await toast(page, 'Etappe kopiert.')
  await other.getByRole('button', { name: 'Weg kopieren' }).click()
  await toast(other, CHANGED)
  await expect(other.getByText('Weg kopiert.')).toHaveCount(0)
  await other.locator('#again').getByRole('button', { name: 'Weg kopieren' }).click()
  await toast(other, 'Weg kopiert.')
  await expect(other).not.toHaveURL(new RegExp(`/ways/tripDetails/${id}\\b`))
  await context.close()
})
