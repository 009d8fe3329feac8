// Reviewing from the list, counted in taps (a click, or opening and choosing in a select: two), with JavaScript on
// and off: a one-leg way whose detected mode is right is confirmed from its card in at most 3 taps, a wrong mode is
// fixed from the card in at most 3; the way's page leads on to the next way to review and back to the tab, page and
// card it was opened from; the list says how far the review has come. A way's questions skip the optional ones in one
// tap: a one-leg way confirmed from the list and its questions answered takes at most 11 taps, a 3-leg way with one
// mode corrected and 12 questions at most 14, a week of 30 ways with 6 wrong modes and one empty day at most 70.
// Every tap is a real click at the control's centre (a covered control fails the click); a select is clicked open
// the same way, and its option (drawn by the browser outside the page) is then chosen by its label.
import type { Page } from '@playwright/test'
import { test, expect, participantPage, day, recordedWay } from './fixtures'
import { acceptCookies } from './page-helpers'
import { card, prepareWeek, reviewWeek, saveHomeAndWork, Taps, weekTrips } from './week'

test('a one-leg way with the right mode is confirmed from the list in at most 3 taps', async ({ browser, js }) => {
  const { page, context } = await participantPage(browser, js, {
    trips: [recordedWay([{ tfcModes: ['WALK'], qtnsAnswered: true }])],
  })
  await page.waitForURL(/\/ways\/list\//)
  await page.goto('/ways/list/unconfirmed/page/1')
  await acceptCookies(page)
  await expect(page.locator('.review-progress__text')).toHaveText(/^0 von 1 Weg bestätigt/)
  const id = Number(await page.locator('article[data-trip-id]').first().getAttribute('data-trip-id'))
  const way = card(page, id)
  await expect(way.locator('.trip-card__mode')).toHaveText([/^Zu Fuß/])
  // Marks the document: with JavaScript the list must not load a new page.
  if (js) await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true))

  const taps = new Taps()
  // Confirming without a purpose is not possible: the browser asks for one (required), nothing is sent.
  await expect(way.getByRole('combobox', { name: 'Zweck' })).toHaveAttribute('required', '')
  await taps.choose(way.getByRole('combobox', { name: 'Zweck' }), 'Arbeit')
  await taps.click(way.getByRole('button', { name: 'Bestätigen' }))
  expect(taps.count, 'taps to confirm a way from the list').toBeLessThanOrEqual(3)

  await expect(page.getByText('Weg bestätigt.')).toBeVisible()
  if (js) {
    // The card leaves the "unconfirmed" tab; the document stayed (no page load).
    await expect(card(page, id)).toHaveCount(0, { timeout: 30_000 })
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true)
  }
  await expect(page.locator('.review-progress__text')).toHaveText(/^1 von 1 Weg bestätigt/)
  await page.goto('/ways/list/all/page/1')
  // No saved places: the purpose now names the way.
  await expect(card(page, id).getByRole('heading', { level: 3 })).toHaveText('Arbeit')
  await expect(card(page, id).locator('.badge')).toHaveText(/Bestätigt|Fragen offen/)
  // Confirmed for good: no quick form on its card any more.
  await expect(card(page, id).getByRole('button', { name: 'Bestätigen' })).toHaveCount(0)
  await context.close()
})

/** A way of the demo campaign whose questions are still open (the trip and every leg questionnaire). */
const unanswered = (modes: string[]) =>
  recordedWay(
    modes.map((mode) => ({ tfcModes: [mode], qtnsAnswered: false })),
    { qtnAnswered: false, allQuestionsAnswered: false },
  )

/**
 * The way's questions as a participant answers the mandatory ones and skips the rest: the demo trip questionnaire
 * (one mandatory choice, then a time and a text, both optional) and per leg the leg questionnaire (one mandatory
 * choice, then a number and a multiple choice, both optional).
 */
async function answerMandatory(page: Page, taps: Taps, answer: string) {
  await taps.click(page.getByRole('radio', { name: answer }))
  await taps.click(page.getByRole('button', { name: 'Optionale Fragen überspringen' }))
}

const parts = (page: Page) => page.locator('.qtn-parts li')
const done = (page: Page) =>
  expect(page.getByText('Vielen Dank für die Beantwortung der Fragen zum Weg.')).toBeVisible()

test('a one-leg way with the right mode is confirmed from the list and its questions answered in at most 11 taps', async ({
  browser,
  js,
}) => {
  const { page, context } = await participantPage(browser, js, { trips: [unanswered(['WALK'])] })
  await page.waitForURL(/\/ways\/list\//)
  await page.goto('/ways/list/unconfirmed/page/1')
  await acceptCookies(page)
  const id = Number(await page.locator('article[data-trip-id]').first().getAttribute('data-trip-id'))

  const taps = new Taps()
  await taps.choose(card(page, id).getByRole('combobox', { name: 'Zweck' }), 'Arbeit')
  await taps.click(card(page, id).getByRole('button', { name: 'Bestätigen' }))
  await expect(page.getByText('Weg bestätigt.')).toBeVisible()
  // Its questions: the list's tab of ways with open questions, the way, its questions.
  await taps.click(page.locator('.tabs').getByRole('link', { name: 'Offene Fragen' }))
  await taps.click(card(page, id).getByRole('heading', { level: 3 }).getByRole('link'))
  await taps.click(page.getByRole('link', { name: 'Fragen beantworten' }))
  await expect(parts(page)).toHaveText(['Zum Weg', 'Etappe 1: Zu Fuß'])
  await answerMandatory(page, taps, 'Allein')
  await expect(parts(page).nth(1)).toHaveAttribute('aria-current', 'step')
  // The leg's optional questions skipped: the last of them, and Complete.
  await taps.click(page.getByRole('radio', { name: 'Sehr angenehm' }))
  await taps.click(page.getByRole('button', { name: 'Optionale Fragen überspringen' }))
  await expect(page.locator('fieldset.qtn-q legend').first()).toContainText('gestört')
  await taps.click(page.getByRole('button', { name: 'Fragen zum Weg abschließen' }))
  await done(page)
  console.log(`taps journey 2 (${js ? 'js' : 'nojs'}):`, taps.count)
  expect(taps.count, 'taps to confirm a one-leg way from the list and answer its questions').toBeLessThanOrEqual(11)
  await context.close()
})

test('a 3-leg way with one mode corrected is confirmed and its 12 questions answered in at most 14 taps', async ({
  browser,
  js,
}) => {
  test.slow()
  const { page, context } = await participantPage(browser, js, { trips: [unanswered(['WALK', 'WALK', 'WALK'])] })
  await page.waitForURL(/\/ways\/list\//)
  await page.goto('/ways/list/all/page/1')
  await acceptCookies(page)
  const id = Number(await page.locator('article[data-trip-id]').first().getAttribute('data-trip-id'))
  const way = card(page, id)

  const taps = new Taps()
  // Leg 2 was by bus, not on foot: tap its mode on the card, pick Bus (saved at once).
  await taps.click(way.getByRole('link', { name: /Verkehrsmittel von Etappe 2 ändern/ }))
  await taps.click(page.locator('#mode').getByRole('button', { name: 'Bus' }))
  await expect(page).not.toHaveURL(/dialog=mode/, { timeout: 30_000 })
  await expect(page.getByText('Etappe aktualisiert.')).toBeVisible()
  await expect(card(page, id).locator('.trip-card__mode')).toHaveText([/Zu Fuß/, /Bus/, /Zu Fuß/])
  // The purpose and confirmed, on the card.
  await taps.choose(card(page, id).getByRole('combobox', { name: 'Zweck' }), 'Arbeit')
  await taps.click(card(page, id).getByRole('button', { name: 'Bestätigen' }))
  await expect(page.getByText('Weg bestätigt.')).toBeVisible()
  // Its questions, straight from the card: 3 about the way, 3 per leg; leg 3 (on foot like leg 1) takes leg 1's.
  await taps.click(card(page, id).getByRole('link', { name: /Fragen beantworten/ }))
  await expect(parts(page)).toHaveText(['Zum Weg', 'Etappe 1: Zu Fuß', 'Etappe 2: Bus', 'Etappe 3: Zu Fuß'])
  await answerMandatory(page, taps, 'Allein')
  await expect(parts(page).nth(1)).toHaveAttribute('aria-current', 'step')
  await answerMandatory(page, taps, 'Eher angenehm')
  await taps.click(page.getByRole('button', { name: 'Ja, übernehmen' }))
  await expect(parts(page).nth(2)).toHaveAttribute('aria-current', 'step')
  await answerMandatory(page, taps, 'Sehr angenehm')
  // Every part answered: the run's end, Complete.
  await expect(parts(page).nth(3)).toHaveAttribute('aria-current', 'step')
  await taps.click(page.getByRole('button', { name: 'Fragen zum Weg abschließen' }))
  await done(page)
  console.log(`taps journey 3 (${js ? 'js' : 'nojs'}): ${taps.count} (target 14, was 19)`)
  expect(taps.count, 'taps to correct a mode, confirm a 3-leg way and answer its questions').toBeLessThanOrEqual(14)
  await context.close()
})

test('a wrong mode on a one-leg way is fixed from the list in at most 3 taps, replacing the old one', async ({
  browser,
  js,
}) => {
  test.slow()
  const { page, context } = await participantPage(browser, js, {
    trips: [recordedWay([{ tfcModes: ['PUBLIC_TRANSPORT_TRAIN'] }])],
  })
  await page.waitForURL(/\/ways\/list\//)
  await page.goto('/ways/list/unconfirmed/page/1')
  await acceptCookies(page)
  const id = Number(await page.locator('article[data-trip-id]').first().getAttribute('data-trip-id'))
  const taps = new Taps()
  // No purpose is asked for first: tap the mode, pick the right one, saved.
  await taps.click(card(page, id).getByRole('link', { name: /Bahn.*Verkehrsmittel ändern/ }))
  await expect(page.locator('#mode')).toBeVisible()
  await taps.click(page.locator('#mode').getByRole('button', { name: 'Bus' }))
  await expect(page).not.toHaveURL(/dialog=mode/, { timeout: 30_000 })
  await expect(page.getByText('Etappe aktualisiert.')).toBeVisible()
  console.log(`taps for a mode fix (${js ? 'js' : 'nojs'}): ${taps.count} (target 3, was 11)`)
  expect(taps.count, 'taps to fix a mode from the list').toBeLessThanOrEqual(3)
  // The pick replaced the mode: Bus alone, not "Bus, Bahn"; the way is still unconfirmed.
  await expect(card(page, id).locator('.trip-card__mode')).toHaveText([/^Bus/])
  await expect(card(page, id).locator('.badge')).toHaveText('Unbestätigt')
  await page.goto(`/ways/tripDetails/${id}`)
  await expect(page.locator('.leg__facts .mode-list li')).toHaveText(['Bus'])
  await context.close()
})

test('a week of 30 ways with 6 wrong modes and one day without ways is reviewed in at most 70 taps', async ({
  browser,
  js,
}) => {
  test.setTimeout(600_000)
  const { page, context } = await participantPage(browser, js, { trips: weekTrips() })
  await prepareWeek(page, js)
  const taps = new Taps()
  const spent = await reviewWeek(page, taps)
  console.log(
    `taps for the week (${js ? 'js' : 'nojs'}): ${taps.count} (target 70, was 122): ` +
      `6 mode fixes ${spent.fixes}, 30 confirmations ${spent.confirms}, the empty day ${spent.day}`,
  )
  expect(spent.fixed, 'ways whose mode was fixed').toBe(6)
  expect(spent.fixes, 'taps for 6 mode fixes').toBeLessThanOrEqual(18)
  expect(taps.count, 'taps for the week').toBeLessThanOrEqual(70)
  await context.close()
})

test('a purpose is suggested from the participant’s own ways between the same places, never saved without a tap', async ({
  browser,
  js,
}) => {
  const earlier = recordedWay(
    [{ tfcModes: ['WALK'], tripPurposes: [1] }],
    { validationStatus: true, confirmationStatus: true },
    day(-3),
  )
  const now = recordedWay([{ tfcModes: ['WALK'] }], {}, day(-1))
  const { page, context } = await participantPage(browser, js, { trips: [earlier, now] })
  // Saved places at both ends of these ways (52.52, 13.38 → 52.52, 13.39).
  await saveHomeAndWork(page, js)
  await page.goto('/ways/list/unconfirmed/page/1')
  await acceptCookies(page)
  const open = page.locator('article[data-trip-id]').first()
  await expect(open.getByRole('heading', { level: 3 })).toHaveText('Zuhause → Arbeit')
  const select = open.getByRole('combobox', { name: 'Zweck' })
  await expect(select.locator('option:checked')).toHaveText('Arbeit (Vorschlag)')
  await expect(open).toContainText('Vorschlag aus Ihren Wegen zwischen denselben Orten – bitte prüfen.')
  // Nothing saved yet: the way is still unconfirmed without a purpose.
  await expect(open.locator('.trip-card__purpose')).toHaveText('Zweck noch offen')
  await expect(open.locator('.badge')).toHaveText('Unbestätigt')
  // One tap confirms it with the suggestion.
  await open.getByRole('button', { name: 'Bestätigen' }).click()
  await expect(page.locator('.review-progress__text')).toHaveText(/^2 von 2 Wegen bestätigt/)
  await context.close()
})

test('the way’s page leads to the next way to review and back to the tab, page and card it came from', async ({
  browser,
  js,
}) => {
  const ways = [0, 1, 2].map((i) => recordedWay([{ tfcModes: ['WALK'] }], {}, day(-1 - i)))
  const { page, context } = await participantPage(browser, js, { trips: ways })
  await page.waitForURL(/\/ways\/list\//)
  await page.goto('/ways/list/unconfirmed/page/1')
  await acceptCookies(page)
  // The page after the cookie notice's post has loaded completely: all three cards.
  await expect(page.locator('article[data-trip-id]')).toHaveCount(3)
  const ids = await page
    .locator('article[data-trip-id]')
    .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-trip-id'))))
  await card(page, ids[1]!).getByRole('link', { name: /08:00/ }).first().click()
  await expect(page).toHaveURL(new RegExp(`/ways/tripDetails/${ids[1]}\\?list=unconfirmed$`))
  // Back: the unconfirmed tab, the page and the card.
  await expect(page.getByRole('link', { name: 'Zurück zur Liste' })).toHaveAttribute(
    'href',
    `/ways/list/unconfirmed/${ids[1]}/page/1#trip-${ids[1]}`,
  )
  // Confirm on the page: purpose, then confirm; the list tab is kept through the posts.
  await page.getByRole('link', { name: 'Zweck wählen' }).click()
  await page.locator('#purpose').getByText('Arbeit', { exact: true }).click()
  await page.locator('#purpose').getByRole('button', { name: 'Übernehmen' }).click()
  await expect(page).toHaveURL(/\?list=unconfirmed/)
  await page.getByRole('link', { name: 'Weg bestätigen' }).click()
  await page.locator('#confirm').getByRole('button', { name: 'Weg bestätigen' }).click()
  await expect(page).toHaveURL(new RegExp(`/ways/tripDetails/${ids[1]}\\?list=unconfirmed`))
  // On to the next way down the list.
  await page.getByRole('link', { name: 'Nächster offener Weg' }).click()
  await expect(page).toHaveURL(new RegExp(`/ways/tripDetails/${ids[2]}\\?list=unconfirmed$`))
  await page.getByRole('link', { name: 'Zurück zur Liste' }).click()
  await expect(page).toHaveURL(new RegExp(`/ways/list/unconfirmed/${ids[2]}/page/1#trip-${ids[2]}$`))
  await expect(card(page, ids[2]!)).toHaveAttribute('aria-current', 'true')
  await context.close()
})

test('on a 360 px phone every button, tab and select is a 44 × 44 px target and every list tab is in sight', async ({
  browser,
  js,
}) => {
  const d = day(-1)
  // Two neighbouring ways: the list offers to merge them between their cards.
  const { page, context } = await participantPage(browser, js, {
    trips: [
      recordedWay([{ tfcModes: ['WALK'] }, { tfcModes: ['CAR'] }], {}, d),
      recordedWay([{ startTime: `${d} 09:00`, endTime: `${d} 09:09` }], {}, d),
    ],
  })
  await page.setViewportSize({ width: 360, height: 780 })
  await page.waitForURL(/\/ways\/list\//)
  const small = () =>
    page.locator('.btn, .tabs a, .trip-detail__back, select').evaluateAll((els) =>
      els
        .filter((e) => (e as HTMLElement).offsetParent !== null)
        .map((e) => ({
          what: `${e.tagName.toLowerCase()}.${e.className} “${(e.textContent ?? '').trim().slice(0, 30)}”`,
          box: e.getBoundingClientRect(),
        }))
        .filter(({ box }) => box.height < 43.5 || box.width < 43.5)
        .map(({ what, box }) => `${what} ${Math.round(box.width)}×${Math.round(box.height)}`),
    )
  for (const url of ['/ways/list/all/page/1', '/ways/list/unconfirmed/page/1']) {
    await page.goto(url)
    await acceptCookies(page)
    await expect(page.locator('.trip-merge .btn')).toHaveCount(1)
    expect(await small(), `small targets on ${url}`).toEqual([])
    // Every tab within the viewport's width (none hidden in a scrolled strip).
    for (const box of await page
      .locator('.tabs a')
      .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().right)))
      expect(box).toBeLessThanOrEqual(360)
  }
  await page.locator('a[href*="/ways/tripDetails/"]').last().click()
  await expect(page.locator('.trip-detail__back')).toBeVisible()
  expect(await small(), 'small targets on the way page').toEqual([])
  // The split dialog with a leg's points listed.
  await page.getByRole('link', { name: 'Weg teilen' }).click()
  await page
    .locator('#split')
    .getByRole('link', { name: /^Etappe 1 / })
    .click()
  await expect(page.locator('#split-points')).toBeVisible()
  expect(await small(), 'small targets in the split dialog').toEqual([])
  await context.close()
})

test('a new participant without ways sees what to do next; the side menu closes when a link in it is followed', async ({
  browser,
  js,
}) => {
  const { page, context } = await participantPage(browser, js)
  await page.setViewportSize({ width: 360, height: 780 })
  await page.waitForURL(/\/ways\/list\//)
  await page.goto('/ways/list/all/page/1')
  await acceptCookies(page)
  await expect(page.getByText('Installieren Sie die App auf Ihrem Handy', { exact: false })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Einen Weg von Hand eintragen' }).first()).toHaveAttribute(
    'href',
    '/ways/add',
  )
  // The side menu (a <details>): open it, follow a link, and it is closed on the new page.
  await page.locator('.side-menu__toggle').click()
  await expect(page.locator('.side-menu')).toHaveAttribute('open', '')
  await page.locator('.side-menu__main').getByRole('link').last().click()
  await page.waitForLoadState()
  await expect(page.locator('.side-menu')).not.toHaveAttribute('open', '')
  await context.close()
})
