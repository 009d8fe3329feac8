// The ways list, with JavaScript on and off: day groups with headers and badges, filters, paging forward
// and back without a way missing or shown twice, the no-trip-day dialog, report and withdraw (DEBUG_MODE is on in
// the e2e server), and that another participant's way is never reachable. Each test has fresh participants.
import type { Page } from '@playwright/test'
import { test, expect, participantPage, checkA11y, BASE, day } from './fixtures'
import { untilHydrated } from './page-helpers'

// Every test creates its participants through the server (password hashing) and logs in: give them room.
test.describe.configure({ timeout: 90_000 })

/** 'YYYY-MM-DD' as the pages show it: 'DD.MM.YYYY'. */
const display = (d: string) => d.split('-').reverse().join('.')
const weekdayOf = (d: string, style: 'long' | 'short' = 'long') =>
  new Intl.DateTimeFormat('de-DE', { weekday: style, timeZone: 'UTC' }).format(new Date(`${d}T12:00:00Z`))
/** A day in a range of days: 'Mo 16.11.'. */
const short = (d: string) => `${weekdayOf(d, 'short').replace(/\.$/, '')} ${display(d).slice(0, 6)}`

type Way = Record<string, unknown>
/** A way in the trips.json format: one leg from `start` to `end` ('HH:mm', or 'YYYY-MM-DD HH:mm' for the end). */
function way(d: string, start: string, end: string, extra: Way = {}, leg: Way = {}): Way {
  return {
    legs: [
      {
        startTime: `${d} ${start}`,
        endTime: end.length > 5 ? end : `${d} ${end}`,
        len: 1500,
        tfcModes: ['WALK'],
        tripPurposes: [1],
        ...leg,
      },
    ],
    ...extra,
  }
}
const CONFIRMED = { validationStatus: true, confirmationStatus: true, allQuestionsAnswered: true }

const dayGroup = (page: Page, heading: string | RegExp) =>
  page.locator('section.trip-day').filter({ has: page.getByRole('heading', { level: 2, name: heading, exact: true }) })
/** A day's section whatever its heading level (the days of a run shown one by one have h3 headings). */
const anyDay = (page: Page, heading: string) =>
  page.locator('section.trip-day').filter({ has: page.getByRole('heading', { name: heading, exact: true }) })
const card = (page: Page, name: string | RegExp) =>
  page.locator('article.trip-card').filter({ has: page.getByRole('heading', { level: 3, name, exact: true }) })
async function tripIds(page: Page): Promise<number[]> {
  // The whole document: the page streams, and the counter above the cards is shown before the last card arrives.
  await page.waitForLoadState('load')
  await page.locator('article[data-trip-id]').first().waitFor()
  return page
    .locator('article[data-trip-id]')
    .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-trip-id'))))
}

async function open(page: Page, url: string) {
  // The login's own redirects (→ /ways → the list) must have landed before we navigate.
  await page.waitForURL(/\/ways\/list\//)
  await page.goto(url)
  await checkA11y(page)
}

/** One way of each status, a gap day and a way crossing midnight. */
const MIXED = () => [
  way(day(0), '07:00', '07:30', {}, { tfcModes: ['WALK', 'PUBLIC_TRANSPORT_TRAIN'], tripPurposes: [1] }),
  way(day(0), '17:00', '17:45', { ...CONFIRMED, name: 'Heimweg' }, { validationStatus: true, len: 800 }),
  way(day(-1), '08:00', '08:20', { fdbkAvail: true, trpFdbkReasonIds: [2] }, { tripPurposes: [3] }),
  way(
    day(-3),
    '09:00',
    '09:30',
    { validationStatus: true, allQuestionsAnswered: false, qtnAnswered: false },
    { tripPurposes: [4, 1, 3, 5], validationStatus: true },
  ),
  way(day(-3), '23:30', `${day(-2)} 00:20`, {}, { tripPurposes: [9] }),
]

test('grouped by day, newest first, with headers, cards and status badges, in both languages', async ({
  browser,
  js,
}) => {
  const { page, context } = await participantPage(browser, js, { trips: MIXED() })
  await open(page, '/ways/list/all/page/1')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Meine Wege')
  await expect(page.getByRole('link', { name: 'Alle' })).toHaveAttribute('aria-current', 'page')
  // Every campaign day up to today is listed (docs/decisions/008-no-trip-days.md); the newest four:
  const headings = (await page.getByRole('heading', { level: 2 }).allTextContents()).slice(0, 4)
  const weekday = new Intl.DateTimeFormat('de-DE', { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(`${day(-3)}T12:00:00Z`),
  )
  expect(headings).toEqual(['Heute', 'Gestern', 'Vorgestern', `${weekday}, ${display(day(-3))}`])

  const today = dayGroup(page, 'Heute')
  await expect(today.locator('article h3')).toHaveText(['Heimweg', 'Arbeit'])
  const work = card(page, 'Arbeit')
  await expect(work.locator('.badge')).toHaveText('Unbestätigt')
  await expect(work.locator('.trip-card__time')).toHaveText(/^07:00 – .*07:30$/)
  await expect(work.locator('.trip-card__stats')).toContainText('1,5 km')
  await expect(work.locator('.trip-card__stats')).toContainText('30 Min.')
  // The modes with their names as text, one entry per leg (no hover needed); this way's one leg has two modes, and
  // the entry is the link that fixes them.
  await expect(work.locator('.trip-card__mode')).toHaveText([/^Zu Fuß \+ Bahn/])
  await expect(work.getByRole('link', { name: /^Zu Fuß \+ Bahn – Verkehrsmittel ändern: Arbeit/ })).toBeVisible()
  await expect(work.getByRole('link', { name: 'Arbeit', exact: true })).toHaveAttribute(
    'href',
    /\/ways\/tripDetails\/\d+$/,
  )
  await expect(card(page, 'Heimweg').locator('.badge')).toHaveText('Bestätigt')
  await expect(card(page, 'Heimweg').locator('.trip-card__stats')).toContainText('800 m')
  // Reported: badge, a link to its (read-only) page and the withdraw button.
  const reported = card(page, 'Einkauf')
  await expect(reported.locator('.badge')).toHaveText('Gemeldet')
  await expect(reported.getByRole('link', { name: 'Einkauf', exact: true })).toHaveAttribute(
    'href',
    /\/ways\/tripDetails\/\d+$/,
  )
  await expect(reported.getByRole('button', { name: /Meldung zurückziehen/ })).toBeVisible()
  // Day before yesterday has no ways: a no-trip-day card.
  await expect(dayGroup(page, 'Vorgestern').getByRole('link', { name: /Keine Wege erfasst/ })).toBeVisible()
  const older = dayGroup(page, `${weekday}, ${display(day(-3))}`)
  await expect(older.locator('article h3')).toHaveText(['Besuch', 'Freizeit, Arbeit, Einkauf…'])
  await expect(card(page, 'Freizeit, Arbeit, Einkauf…').locator('.badge')).toHaveText('Fragen offen')
  await expect(card(page, 'Besuch').locator('.trip-card__time')).toHaveText(
    new RegExp(`^23:30 – .*${display(day(-2))} 00:20$`),
  )

  await page.goto('/ways/list/all/page/1?locale=en_US')
  expect((await page.getByRole('heading', { level: 2 }).allTextContents()).slice(0, 3)).toEqual([
    'Today',
    'Yesterday',
    'Day before yesterday',
  ])
  await expect(card(page, 'Shopping').locator('.badge')).toHaveText('Reported')
  await expect(card(page, 'Work').locator('.trip-card__stats')).toContainText('1.5 km')
  await expect(card(page, 'Leisure, Work, Shopping…').locator('.badge')).toHaveText('Questions open')
  await context.close()
})

test('filters: unconfirmed (with reported), confirmed, questions open; an unknown filter or page falls back', async ({
  browser,
  js,
}) => {
  const { page, context } = await participantPage(browser, js, { trips: MIXED() })
  await page.waitForURL(/\/ways\/list\//)
  await page.getByRole('link', { name: 'Unbestätigt' }).click()
  await expect(page).toHaveURL(/\/ways\/list\/unconfirmed\/page\/1$/)
  await expect(page.getByRole('link', { name: 'Unbestätigt' })).toHaveAttribute('aria-current', 'page')
  await expect(page.locator('article h3')).toHaveText(['Arbeit', 'Einkauf', 'Besuch'])
  await expect(page.getByText('Keine Wege erfasst')).toHaveCount(0)
  await page.getByRole('link', { name: 'Bestätigt', exact: true }).click()
  await expect(page).toHaveURL(/\/ways\/list\/confirmed\/page\/1$/)
  await expect(page.locator('article h3')).toHaveText(['Heimweg'])
  await page.getByRole('link', { name: 'Offene Fragen' }).click()
  await expect(page).toHaveURL(/\/ways\/list\/qtnsUnanswered\/page\/1$/)
  await expect(page.locator('article h3')).toHaveText(['Freizeit, Arbeit, Einkauf…'])
  await page.goto('/ways/list/bogus/page/1')
  await expect(page).toHaveURL(/\/ways\/list\/all\/page\/1$/)
  await page.goto('/ways/list/all/page/x')
  await expect(page).toHaveURL(/\/ways\/list\/all\/page\/1$/)
  await context.close()
})

test('paging forward and back: every way once, in order; a page past the end offers page 1', async ({
  browser,
  js,
}) => {
  const trips: Way[] = []
  for (let d = 1; d <= 8; d++)
    for (const [s, e] of [
      ['07:10', '07:40'],
      ['12:00', '12:20'],
      ['18:30', '19:00'],
    ])
      trips.push(way(day(-d), s, e))
  trips.pop() // 23 ways: three pages of 10
  const { page, context } = await participantPage(browser, js, { trips })
  await open(page, '/ways/list/all/page/1')
  await expect(page.getByText('Wege 1–10 von 23')).toBeVisible()
  const starts = (p: Page) =>
    p
      .locator('article[data-trip-id] time:first-of-type')
      .evaluateAll((els) => els.map((e) => e.getAttribute('datetime')!))
  const pages: number[][] = [await tripIds(page)]
  const startTimes: string[] = await starts(page)
  for (const n of [2, 3]) {
    await page.getByRole('link', { name: 'Ältere' }).click()
    await expect(page).toHaveURL(new RegExp(`/ways/list/all/page/${n}$`))
    await expect(page.getByRole('link', { name: `Seite ${n}` })).toHaveAttribute('aria-current', 'page')
    await expect(page.getByText(`Wege ${n * 10 - 9}–${Math.min(n * 10, 23)} von 23`)).toBeVisible()
    pages.push(await tripIds(page))
    startTimes.push(...(await starts(page)))
  }
  await checkA11y(page)
  expect(pages.map((p) => p.length)).toEqual([10, 10, 3])
  expect(new Set(pages.flat()).size).toBe(23)
  // Newest first across page boundaries.
  expect(startTimes).toEqual([...startTimes].sort().reverse())
  for (const n of [2, 1]) {
    await page.getByRole('link', { name: 'Neuere' }).click()
    await expect(page).toHaveURL(new RegExp(`/ways/list/all/page/${n}$`))
    await expect(page.getByText(`Wege ${n * 10 - 9}–${n * 10} von 23`)).toBeVisible()
    expect(await tripIds(page)).toEqual(pages[n - 1])
  }

  await open(page, '/ways/list/all/page/9')
  await expect(page.getByRole('heading', { name: 'Diese Seite gibt es nicht' })).toBeVisible()
  await page.getByRole('link', { name: 'Zur ersten Seite' }).click()
  await expect(page).toHaveURL(/\/ways\/list\/all\/page\/1$/)
  await context.close()
})

test('a day without ways: the no-trip-day dialog confirms it', async ({ browser, js }) => {
  // Ways every other day: each day without ways stands alone (several in a row make one card, tested below).
  const { page, context } = await participantPage(browser, js, {
    trips: [way(day(0), '08:00', '08:30'), way(day(-2), '08:00', '08:30'), way(day(-4), '08:00', '08:30')],
  })
  const threeDaysAgo = `${weekdayOf(day(-3))}, ${display(day(-3))}`
  await open(page, '/ways/list/all/page/1')
  const yesterday = dayGroup(page, 'Gestern')
  await yesterday.getByRole('link', { name: /Keine Wege erfasst/ }).click()
  await expect(page).toHaveURL(new RegExp(`dialog=noTrips&day=${day(-1)}`))
  const dialog = js ? page.getByRole('dialog', { name: 'Tag ohne Wege?' }) : page.locator('section#noTrips')
  await expect(dialog).toBeVisible()
  await checkA11y(page)
  await expect(dialog.getByRole('link', { name: 'Weg nachtragen' })).toHaveAttribute('href', `/ways/add/${day(-1)}`)
  await dialog.getByRole('button', { name: 'Ich war nicht unterwegs' }).click()
  await expect(page.getByText('Tag ohne Wege gespeichert.')).toBeVisible()
  await expect(dayGroup(page, 'Gestern').getByText('Bestätigt: an diesem Tag keine Wege')).toBeVisible()
  await expect(dayGroup(page, 'Gestern').getByRole('link', { name: /Keine Wege erfasst/ })).toHaveCount(0)
  await expect(page.locator('section#noTrips')).toHaveCount(0)
  // Cancel closes the dialog without a change.
  await dayGroup(page, threeDaysAgo)
    .getByRole('link', { name: /Keine Wege erfasst/ })
    .click()
  await (js ? page.getByRole('dialog') : page.locator('section#noTrips'))
    .getByRole('link', { name: 'Abbrechen' })
    .click()
  await expect(page).not.toHaveURL(/dialog=/)
  await expect(dayGroup(page, threeDaysAgo).getByRole('link', { name: /Keine Wege erfasst/ })).toBeVisible()
  await context.close()
})

test('several days without ways in a row: one card, confirmed in one go, or opened day by day', async ({
  browser,
  js,
}, testInfo) => {
  // Ways today and four days ago: the three days between make one run.
  const { page, context } = await participantPage(browser, js, {
    trips: [way(day(0), '08:00', '08:30'), way(day(-4), '08:00', '08:30')],
  })
  await open(page, '/ways/list/all/page/1')
  const range = `${short(day(-3))} – ${short(day(-1))}`
  const run = page
    .locator('section.trip-run')
    .filter({ has: page.getByRole('heading', { level: 2, name: range, exact: true }) })
  await expect(run).toHaveCount(1)
  await expect(run.locator('.no-trip-run')).toContainText('3 Tage ohne Wege')
  // One card instead of three: the days themselves stay folded away.
  await expect(anyDay(page, 'Gestern')).toBeHidden()
  await expect(run.locator('section.trip-day')).toHaveCount(3)
  for (const d of await run.locator('section.trip-day').all()) await expect(d).toBeHidden()

  // Opened day by day: each day with its own card and single-day dialog; cancelling keeps the days open.
  await run.getByText('3 Tage einzeln ansehen').click()
  const days = run.locator('section.trip-day')
  await expect(days.getByRole('heading', { level: 3 })).toHaveText([
    'Gestern',
    'Vorgestern',
    `${weekdayOf(day(-3))}, ${display(day(-3))}`,
  ])
  await checkA11y(page)
  if (js) {
    await page.setViewportSize({ width: 360, height: 740 })
    await run.screenshot({ path: testInfo.outputPath('360-run-open.png') })
  }
  await anyDay(page, 'Vorgestern')
    .getByRole('link', { name: /Keine Wege erfasst/ })
    .click()
  await expect(page).toHaveURL(new RegExp(`dialog=noTrips&day=${day(-2)}`))
  const single = js ? page.getByRole('dialog', { name: 'Tag ohne Wege?' }) : page.locator('section#noTrips')
  await single.getByRole('link', { name: 'Abbrechen' }).click()
  await expect(page).not.toHaveURL(/dialog=/)
  await expect(anyDay(page, 'Vorgestern').getByRole('link', { name: /Keine Wege erfasst/ })).toBeVisible()

  // All three in one go.
  await run.getByRole('link', { name: /^3 Tage bestätigen/ }).click()
  await expect(page).toHaveURL(new RegExp(`dialog=noTripsRun&days=${day(-3)}..${day(-1)}`))
  const dialog = js ? page.getByRole('dialog', { name: 'Tage ohne Wege?' }) : page.locator('section#noTripsRun')
  await expect(dialog).toContainText(`Von ${short(day(-3))} bis ${short(day(-1))} sind an 3 Tagen keine Wege erfasst.`)
  await checkA11y(page)
  if (js) await page.screenshot({ path: testInfo.outputPath('360-run-dialog.png') })
  await dialog.getByRole('button', { name: 'An allen 3 Tagen nicht unterwegs' }).click()
  await expect(page.getByText('3 Tage ohne Wege gespeichert.')).toBeVisible()
  await expect(
    page.locator('section.trip-run').filter({ has: page.getByRole('heading', { name: range }) }),
  ).toHaveCount(0)
  for (const label of ['Gestern', 'Vorgestern', `${weekdayOf(day(-3))}, ${display(day(-3))}`]) {
    await expect(dayGroup(page, label).getByText('Bestätigt: an diesem Tag keine Wege')).toBeVisible()
  }
  // Each mark can still be taken back by itself.
  await dayGroup(page, 'Vorgestern')
    .getByRole('button', { name: /^Markierung „Tag ohne Wege“ aufheben/ })
    .click()
  await expect(anyDay(page, 'Vorgestern').getByRole('link', { name: /Keine Wege erfasst/ })).toBeVisible()
  await expect(dayGroup(page, 'Gestern').getByText('Bestätigt: an diesem Tag keine Wege')).toBeVisible()
  if (js) {
    await page.goto('/ways/list/all/page/1')
    await page.screenshot({ path: testInfo.outputPath('360-list-runs.png'), fullPage: true })
  }
  await context.close()
})

test('report a way: reasons required, then reported; every participant withdraws their own report from the card', async ({
  browser,
  js,
}) => {
  const { page, context } = await participantPage(browser, js, {
    trips: [way(day(0), '07:00', '07:30'), way(day(0), '10:00', '10:30', {}, { tripPurposes: [2] })],
  })
  await open(page, '/ways/list/unconfirmed/page/1')
  const work = card(page, 'Arbeit')
  await work.getByRole('link', { name: /^Fehler melden/ }).click()
  const dialog = js ? page.getByRole('dialog', { name: 'Weg als fehlerhaft melden' }) : page.locator('section#report')
  await expect(dialog).toBeVisible()
  await checkA11y(page)
  await dialog.getByRole('button', { name: 'Melden' }).click()
  await expect(dialog.getByText('Bitte wählen Sie mindestens einen Grund.')).toBeVisible()
  await dialog.getByText('Weg nie zurückgelegt').click()
  await dialog.getByText('Sonstiges').click()
  await dialog.getByRole('button', { name: 'Melden' }).click()
  await expect(page.getByText('Weg als fehlerhaft gemeldet.')).toBeVisible()
  await expect(page).toHaveURL(/\/ways\/list\/unconfirmed\/\d+\/page\/1#trip-\d+$/)
  await expect(work.locator('.badge')).toHaveText('Gemeldet')
  await expect(work).toHaveAttribute('aria-current', 'true')
  await expect(card(page, 'Ausbildung').locator('.badge')).toHaveText('Unbestätigt')
  await checkA11y(page)

  await work.getByRole('button', { name: /Meldung zurückziehen/ }).click()
  await expect(page.getByText('Meldung zurückgezogen.')).toBeVisible()
  await expect(work.locator('.badge')).toHaveText('Unbestätigt')
  await expect(work.getByRole('link', { name: 'Arbeit', exact: true })).toBeVisible()
  await context.close()
})

test('a card’s links: with JavaScript the router follows them (no new document), a modified click is the browser’s; without, they are plain links', async ({
  browser,
  js,
}) => {
  const { page, context } = await participantPage(browser, js, {
    trips: [way(day(0), '07:00', '07:30'), way(day(0), '10:00', '10:30', {}, { tripPurposes: [2] })],
  })
  await open(page, '/ways/list/all/page/1')
  if (js) await untilHydrated(page)
  const list = page.url()
  const documents: string[] = []
  page.on('request', (r) => {
    if (r.resourceType() === 'document') documents.push(new URL(r.url()).pathname)
  })
  const work = card(page, 'Arbeit')
  const title = work.getByRole('link', { name: 'Arbeit', exact: true })
  const href = await title.getAttribute('href')
  expect(href).toMatch(/^\/ways\/tripDetails\/\d+$/)
  if (js) {
    // A click with a modifier key opens the way in a new tab, as any link does, and leaves this page as it is.
    const opened = context.waitForEvent('page')
    await title.click({ modifiers: ['ControlOrMeta'] })
    const tab = await opened
    await expect(tab).toHaveURL(new RegExp(`${href}$`))
    await tab.close()
    await expect(page).toHaveURL(list)
    documents.length = 0
  }
  await title.click()
  await expect(page).toHaveURL(new RegExp(`${href}$`))
  await expect(page.getByRole('heading', { level: 1, name: /Arbeit/ })).toBeVisible()
  await page.goBack()
  await expect(page).toHaveURL(list)
  await work.getByRole('link', { name: /^Fehler melden/ }).click()
  await expect(page).toHaveURL(/dialog=report/)
  expect(documents).toEqual(js ? [] : [href, new URL(list).pathname, new URL(list).pathname])
  await context.close()
})

test('another participant’s way is never reachable', async ({ browser, js }) => {
  const secret = `Geheimweg ${Date.now()}`
  const a = await participantPage(browser, js, { trips: [way(day(0), '06:00', '06:30', { name: secret })] })
  await a.page.waitForURL(/\/ways\/list\//)
  const [theirId] = await tripIds(a.page)
  expect(theirId).toBeGreaterThan(0)

  const b = await participantPage(browser, js, { trips: [way(day(0), '09:00', '09:30')] })
  await b.page.waitForURL(/\/ways\/list\//)
  expect(await tripIds(b.page)).not.toContain(theirId)
  for (const url of [
    `/ways/tripDetails/${theirId}`,
    `/ways/list/all/${theirId}/page/1`,
    `/ways/list/all/page/1?dialog=report&trip=${theirId}`,
  ]) {
    await b.page.goto(url)
    await expect(b.page.getByText(secret)).toHaveCount(0)
  }
  // Forged posts with their id change nothing.
  const forged: Record<string, string>[] = [
    { intent: 'report', tripId: String(theirId), trpFdbkReasonIds: '1', returnTo: '/ways' },
    { intent: 'withdraw-report', tripId: String(theirId), returnTo: '/ways' },
  ]
  for (const form of forged) {
    const res = await b.page.request.post(`${BASE}/ways/list/all/page/1`, {
      form,
      headers: { Origin: BASE },
      maxRedirects: 0,
    })
    expect(res.status()).toBe(302)
  }
  await a.page.goto('/ways/list/all/page/1')
  await expect(card(a.page, secret).locator('.badge')).toHaveText('Unbestätigt')
  await a.context.close()
  await b.context.close()
})
