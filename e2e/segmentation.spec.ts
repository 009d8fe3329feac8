// Correcting the phone's segmentation, counted in taps, with JavaScript on and off: on the way's page a way split
// between two legs in at most 3 taps and inside a leg in at most 3 (with JavaScript by a tap on its track on the map,
// without it at a listed point), two ways merged in at most 2, either undone in one; on the list two neighbouring
// ways merged from between their cards in at most 2 taps and undone from the merged card in one, never where a
// confirmed or reported way, or one of another tab, lies between. Every tap is a real click at the control's centre.
import type { Locator, Page } from '@playwright/test'
import { test, expect, participantPage, day, recordedWay, checkA11y, api } from './fixtures'
import { acceptCookies, toast } from './page-helpers'

class Taps {
  count = 0
  async click(target: Locator) {
    this.count++
    await target.click()
  }
  /** A tap at a point of the target (its top left corner is 0, 0), as on a map. */
  async clickAt(target: Locator, position: { x: number; y: number }) {
    this.count++
    await target.click({ position })
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

test('a way split inside a leg at a listed point in at most 3 taps (JavaScript on and off)', async ({
  browser,
  js,
}) => {
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

test('a way split inside a leg in at most 3 taps: with JavaScript by a tap on its track on the map, else from the list', async ({
  browser,
  js,
}) => {
  const d = day(-1)
  const geom = [0, 1, 2, 3, 4].map((k) => ({ lat: 52.52, lon: 13.38 + k * 0.002 }))
  const { page, context } = await participantPage(browser, js, {
    trips: [recordedWay([{ startTime: `${d} 08:00`, endTime: `${d} 08:20`, geom }], {}, d)],
  })
  await openFirstWay(page)
  const taps = new Taps()
  await taps.click(page.getByRole('link', { name: 'Weg teilen' }))
  const split = page.locator('#split')
  const map = split.getByRole('region', { name: 'Karte zum Teilen: tippen Sie auf die Strecke' })
  if (js) {
    // The middle of the track: its nearest point is the middle one, half the way along, at 08:10.
    await expect(split.locator('path.split-tap')).toHaveCount(1)
    // A tap on the map where the middle of the track is drawn (the line is flat: its box has no height to click).
    const mapBox = (await map.locator('.leaflet-container').boundingBox())!
    const track = (await split.locator('path.split-tap').boundingBox())!
    await taps.clickAt(map.locator('.leaflet-container'), {
      x: track.x + track.width / 2 - mapBox.x,
      y: track.y + track.height / 2 - mapBox.y,
    })
    const cut = split.getByRole('button', { name: 'Hier teilen: 08:10' })
    await expect(cut).toBeVisible()
    await expect(split.locator('path.split-picked')).toHaveCount(1)
    // The listed points do not name the picked one twice.
    await expect(split.getByRole('button', { name: /^Hier teilen: 08:10/ })).toHaveCount(1)
    await checkA11y(page)
    await taps.click(cut)
  } else {
    // Without JavaScript there is no map to tap: the leg's points are listed.
    await expect(map).toHaveCount(0)
    await taps.click(split.getByRole('link', { name: 'Etappe 1 (08:00–08:20)' }))
    await taps.click(page.getByRole('button', { name: 'Hier teilen: 08:10' }))
  }
  expect(taps.count, 'taps to split inside a leg').toBeLessThanOrEqual(3)
  await toast(page, 'Weg geteilt.')
  await page.goto('/ways/list/all/page/1')
  await expect(cards(page)).toHaveCount(2)
  await expect(cards(page).first()).toContainText('08:10 – 08:20')
  await expect(cards(page).last()).toContainText('08:00 – 08:10')
  await context.close()
})

/** A one-leg way from `from` to `to` on day `d` ('HH:mm'). */
const wayAt = (d: string, from: string, to: string, extra: Record<string, unknown> = {}) =>
  recordedWay([{ startTime: `${d} ${from}`, endTime: `${d} ${to}` }], extra, d)

test('two neighbouring ways merged from between their cards in at most 2 taps, undone from the card in one', async ({
  browser,
  js,
}) => {
  const d = day(-1)
  const { page, context } = await participantPage(browser, js, {
    trips: [wayAt(d, '08:00', '08:09'), wayAt(d, '09:00', '09:09')],
  })
  await page.goto('/ways/list/all/page/1')
  await acceptCookies(page)
  await expect(cards(page)).toHaveCount(2)
  const merge = page.getByRole('button', {
    name: /^Mit dem Weg davor zusammenführen ?: .*08:00 – 08:09 und .*09:00 – 09:09$/,
  })
  await expect(merge).toHaveCount(1)
  await checkA11y(page)
  const taps = new Taps()
  await taps.click(merge)
  await toast(page, 'Wege zusammengeführt.')
  expect(taps.count, 'taps to merge on the list').toBeLessThanOrEqual(2)
  await expect(cards(page)).toHaveCount(1)
  await expect(cards(page).first()).toContainText('08:00 – 09:09')
  await expect(page.getByRole('button', { name: /^Mit dem Weg davor zusammenführen/ })).toHaveCount(0)

  const undoButton = cards(page)
    .first()
    .getByRole('button', { name: /^Zusammenführen rückgängig machen ?: / })
  await checkA11y(page)
  const undo = new Taps()
  await undo.click(undoButton)
  expect(undo.count).toBe(1)
  await toast(page, 'Rückgängig gemacht.')
  await expect(cards(page)).toHaveCount(2)
  await expect(page.getByRole('button', { name: /Rückgängig/ })).toHaveCount(0)
  // The two ways are back, and can be merged again.
  await expect(merge).toHaveCount(1)
  await context.close()
})

test('the list offers no merge past a confirmed, reported or hidden way, and a stale merge changes nothing', async ({
  browser,
  js,
}) => {
  const d = day(-1)
  const confirmed = { validationStatus: true, confirmationStatus: true }
  const { page, user, context } = await participantPage(browser, js, {
    trips: [
      wayAt(d, '06:00', '06:09'),
      recordedWay(
        [{ startTime: `${d} 07:00`, endTime: `${d} 07:09`, tripPurposes: [1], validationStatus: true }],
        confirmed,
        d,
      ),
      wayAt(d, '08:00', '08:09'),
      wayAt(d, '09:00', '09:09'),
      wayAt(d, '10:00', '10:09', { fdbkAvail: true }),
    ],
  })
  const merges = page.getByRole('button', { name: /^Mit dem Weg davor zusammenführen/ })
  // Only 08:00 and 09:00 are neighbours that may be merged: 06:00 has the confirmed 07:00 after it, 10:00 is
  // reported. On the tab of unconfirmed ways, 06:00 and 08:00 are shown one under the other, but they are not neighbours.
  for (const tab of ['all', 'unconfirmed']) {
    await page.goto(`/ways/list/${tab}/page/1`)
    await acceptCookies(page)
    await expect(cards(page)).toHaveCount(tab === 'all' ? 5 : 4)
    await expect(merges).toHaveCount(1)
    await expect(merges).toHaveAccessibleName(/08:00 – 08:09 und .*09:00 – 09:09$/)
  }

  // The 09:00 way is reported in another tab meanwhile: the merge shown is refused, nothing is merged.
  const session = (await api('user', 'login', { idStr: user.email, password: user.password })).session as string
  const { trps } = (await api('trip', 'getTrips', { session, fetchNext: 50 })) as {
    trps: { id: number; startTime: string }[]
  }
  const nine = trps.find((t) => t.startTime.endsWith('09:00'))!
  const { trpFdbkReasons } = (await api('trip', 'getTripFeedbackReasons', { session })) as {
    trpFdbkReasons: { id: number }[]
  }
  await api('trip', 'setTripFeedback', { session, id: nine.id, trpFdbkReasonIds: [trpFdbkReasons[0]!.id] })
  await merges.click()
  await toast(page, 'Der Weg ist als fehlerhaft gemeldet und kann nicht bearbeitet werden.')
  await expect(page.locator('.toast').filter({ hasText: 'Wege zusammengeführt.' })).toHaveCount(0)
  await expect(cards(page)).toHaveCount(4)
  await expect(merges).toHaveCount(0)
  await context.close()
})
