// No traps in the review loop, with JavaScript on and off: a partly validated way can still be confirmed, the mode
// picker keeps every mode it was given, the purpose stays changeable until confirmation, manual ways are editable
// (and a stale edit is refused with the form kept), no-trip marks can be undone and are cleared by a way on that day,
// the add form refuses the future, imported ways without questionnaire flags ask their questionnaires, and the
// reset link's set-password applies the password minimum.
import type { Page } from '@playwright/test'
import { test, expect, participantPage, BASE, day, mailLink, newParticipant, recordedWay } from './fixtures'
import { acceptCookies, dialog, stepHeading, toast } from './page-helpers'

test.slow()

const way = recordedWay

async function firstWayId(page: Page): Promise<number> {
  await page.waitForURL(/\/ways\/list\//)
  await page.goto('/ways/list/all/page/1')
  await acceptCookies(page)
  const href = await page.locator('a[href*="/ways/tripDetails/"]').first().getAttribute('href')
  return Number(href!.split('/').pop())
}

test('a way with one of two legs validated (as the companion app does) can still be confirmed', async ({
  browser,
  js,
}) => {
  const { page, context } = await participantPage(browser, js, {
    trips: [
      way([
        { tripPurposes: [1], validationStatus: true },
        { tripPurposes: [1], tfcModes: ['CAR'] },
      ]),
    ],
  })
  const id = await firstWayId(page)
  await page.goto(`/ways/tripDetails/${id}`)
  await expect(stepHeading(page)).toHaveText('Verkehrsmittel prüfen')
  await expect(page.locator('.trip-facts')).toContainText('Unbestätigt')
  await page.getByRole('link', { name: 'Weg bestätigen' }).click()
  await dialog(page, 'confirm').getByRole('button', { name: 'Weg bestätigen' }).click()
  await toast(page, 'Weg bestätigt.')
  await expect(stepHeading(page)).toHaveText('Weg abgeschlossen')
  await context.close()
})

test('the mode picker is multiple choice and OK without a change keeps every mode; the purpose can be changed until confirmed', async ({
  browser,
  js,
}) => {
  const { page, context } = await participantPage(browser, js, {
    trips: [way([{ tripPurposes: [1], tfcModes: ['CAR', 'WALK'] }])],
  })
  const id = await firstWayId(page)
  await page.goto(`/ways/tripDetails/${id}`)
  await page.getByRole('link', { name: 'Verkehrsmittel ändern (Etappe 1)' }).click()
  const modes = dialog(page, 'modes')
  await expect(modes.getByRole('checkbox', { name: 'Auto' })).toBeChecked()
  await expect(modes.getByRole('checkbox', { name: 'Zu Fuß' })).toBeChecked()
  await modes.getByRole('button', { name: 'OK' }).click()
  await expect(dialog(page, 'modes')).toHaveCount(0)
  await expect(page.locator('.leg__facts .mode-list li')).toHaveText(['Auto', 'Zu Fuß'])

  // Step 2: the purpose is still changeable.
  await expect(page.locator('.trip-detail__purpose')).toHaveText('Zweck: Arbeit')
  await page.getByRole('link', { name: 'Zweck ändern', exact: true }).click()
  await dialog(page, 'purpose').getByText('Arbeit', { exact: true }).click()
  await dialog(page, 'purpose').getByText('Freizeit', { exact: true }).click()
  await dialog(page, 'purpose').getByRole('button', { name: 'Übernehmen' }).click()
  await toast(page, 'Weg aktualisiert.')
  await expect(page.locator('.trip-detail__purpose')).toHaveText('Zweck: Freizeit')
  await expect(stepHeading(page)).toHaveText('Verkehrsmittel prüfen')
  await context.close()
})

test('a manual way has an edit link on its card and page; a stale save is refused with the form kept', async ({
  browser,
  js,
}) => {
  const manual = way([{ geom: [], tripPurposes: [1], tfcModes: ['CAR'] }], { creationType: 'CREATED_MANUALLY' })
  const { page, context } = await participantPage(browser, js, { trips: [manual] })
  const id = await firstWayId(page)
  await expect(page.locator(`#trip-${id}`).getByRole('link', { name: /^Bearbeiten/ })).toHaveAttribute(
    'href',
    `/ways/edit/${id}`,
  )
  await page.goto(`/ways/tripDetails/${id}`)
  await expect(page.getByRole('link', { name: 'Weg bearbeiten' })).toHaveAttribute('href', `/ways/edit/${id}`)

  // Two tabs open the edit form; the first saves, the second's save is refused.
  const second = await context.newPage()
  await second.goto(`/ways/edit/${id}`)
  const staleVersion = await second.locator('input[name="version"]').inputValue()
  await page.goto(`/ways/edit/${id}`)
  await expect(page.locator('input[name="version"]')).toHaveValue(staleVersion)
  const form = (version: string, mode: string) => {
    const date = day(-1)
    return {
      id: String(id),
      version,
      purposes: '1',
      tfcModes: mode,
      startDate: date,
      startHour: '08',
      startMinute: '00',
      endDate: date,
      endHour: '08',
      endMinute: '09',
    }
  }
  const first = await page.request.post(`${BASE}/ways/edit/${id}`, {
    form: form(staleVersion, 'BICYCLE'),
    headers: { Origin: BASE },
    maxRedirects: 0,
  })
  expect(first.status()).toBe(302)
  const stale = await second.request.post(`${BASE}/ways/edit/${id}`, {
    form: form(staleVersion, 'WALK'),
    headers: { Origin: BASE },
    maxRedirects: 0,
  })
  expect(stale.status()).toBe(400)
  const html = await stale.text()
  expect(html).toContain('Dieser Weg wurde an anderer Stelle')
  expect(html).toMatch(/name="tfcModes" checked="" value="WALK"/) // the form as entered
  await page.goto(`/ways/tripDetails/${id}`)
  await expect(page.locator('.leg__facts .mode-list li')).toHaveText(['Fahrrad'])
  await second.close()
  await context.close()
})

test('a no-trip mark can be undone, is cleared by a way added on that day, and today cannot be marked', async ({
  browser,
  js,
}) => {
  const { page, context } = await participantPage(browser, js, { trips: [way([{}], {}, day(0))] })
  await page.waitForURL(/\/ways\/list\//)
  // A day of a run of days without ways shown one by one has an h3 heading.
  const group = (label: string) =>
    page.locator('section.trip-day').filter({ has: page.getByRole('heading', { name: label, exact: true }) })
  await page.goto('/ways/list/all/page/1')
  await acceptCookies(page)
  await page.goto(`/ways/list/all/page/1?dialog=noTrips&day=${day(-1)}#noTrips`)
  const noTrips = js ? page.getByRole('dialog', { name: 'Tag ohne Wege?' }) : page.locator('section#noTrips')
  await noTrips.getByRole('button', { name: 'Ich war nicht unterwegs' }).click()
  await expect(group('Gestern').getByText('Bestätigt: an diesem Tag keine Wege')).toBeVisible()
  await group('Gestern')
    .getByRole('button', { name: /^Markierung „Tag ohne Wege“ aufheben/ })
    .click()
  await toast(page, 'Der Tag ist nicht mehr als Tag ohne Wege markiert.')
  await expect(group('Gestern').getByRole('link', { name: /Keine Wege erfasst/ })).toBeVisible()

  // Marked again, then a way is added on that day by hand: the mark goes.
  await page.goto(`/ways/list/all/page/1?dialog=noTrips&day=${day(-1)}#noTrips`)
  await noTrips.getByRole('button', { name: 'Ich war nicht unterwegs' }).click()
  await expect(group('Gestern').getByText('Bestätigt: an diesem Tag keine Wege')).toBeVisible()
  const d = day(-1)
  const added = await page.request.post(`${BASE}/ways/add/${d}`, {
    form: {
      id: '0',
      purposes: '1',
      tfcModes: 'WALK',
      startDate: d,
      startHour: '09',
      startMinute: '00',
      endDate: d,
      endHour: '09',
      endMinute: '30',
    },
    headers: { Origin: BASE },
    maxRedirects: 0,
  })
  expect(added.status()).toBe(302)
  await page.goto('/ways/list/all/page/1')
  await expect(group('Gestern').locator('article.trip-card')).toHaveCount(1)
  await expect(group('Gestern').getByText('Bestätigt: an diesem Tag keine Wege')).toHaveCount(0)

  // Today is not over yet, so it is no day without ways: the list does not show it as one, its dialog does not open,
  // and a mark posted anyway is refused with the reason, nothing written.
  const other = await participantPage(browser, js, { trips: [way([{}], {}, day(-2))] })
  await other.page.waitForURL(/\/ways\/list\//)
  const otherGroup = (label: string) =>
    other.page
      .locator('section.trip-day')
      .filter({ has: other.page.getByRole('heading', { name: label, exact: true }) })
  await other.page.goto(`/ways/list/all/page/1?dialog=noTrips&day=${day(0)}#noTrips`)
  await expect(otherGroup('Gestern').getByRole('link', { name: /Keine Wege erfasst/ })).toBeVisible()
  await expect(otherGroup('Heute')).toHaveCount(0)
  await expect(other.page.locator('#noTrips')).toHaveCount(0)
  const refused = await other.page.request.post(`${BASE}/ways/list/all/page/1`, {
    form: { intent: 'set-zero-trip-day', day: day(0) },
    headers: { Origin: BASE },
    maxRedirects: 0,
  })
  expect(refused.status()).toBe(302)
  await other.page.goto(refused.headers().location!)
  await toast(other.page, 'Dieser Tag zählt nicht zu Ihren Studientagen')
  await expect(otherGroup('Heute')).toHaveCount(0)
  await other.context.close()
  await context.close()
})

test('the add form never defaults to the future and refuses a start or end in the future, keeping the form', async ({
  browser,
  js,
}) => {
  const { page, context } = await participantPage(browser, js)
  await page.waitForURL(/\/ways\/list\//)
  await page.goto('/ways/add')
  const now = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Berlin',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).format(new Date())
  const minutes = (h: string, m: string) => Number(h) * 60 + Number(m)
  const endH = await page.locator('input[name="endHour"]').first().inputValue()
  const endM = await page.locator('input[name="endMinute"]').first().inputValue()
  const endDate = await page.locator('input[name="endDate"]').first().inputValue()
  expect(endDate <= day(0)).toBe(true)
  if (endDate === day(0)) expect(minutes(endH, endM)).toBeLessThanOrEqual(minutes(now.slice(0, 2), now.slice(3, 5)) + 1)

  const tomorrow = day(1)
  const res = await page.request.post(`${BASE}/ways/add`, {
    form: {
      id: '0',
      purposes: '1',
      tfcModes: 'CAR',
      // Tomorrow, so it is the future at any time of day the test runs.
      startDate: tomorrow,
      startHour: '00',
      startMinute: '10',
      endDate: tomorrow,
      endHour: '00',
      endMinute: '40',
    },
    headers: { Origin: BASE },
    maxRedirects: 0,
  })
  expect(res.status()).toBe(400)
  const html = await res.text()
  // The message names the field that is in the future (here the start), and the form keeps what was entered.
  expect(html).toContain('Der Start liegt in der Zukunft')
  expect(html).toMatch(/name="tfcModes" checked="" value="CAR"/)
  await context.close()
})

test('imported ways without questionnaire flags ask their questionnaires', async ({ browser, js }) => {
  const { page, context } = await participantPage(browser, js, {
    trips: [
      {
        validationStatus: true,
        confirmationStatus: true,
        legs: [
          {
            startTime: `${day(-1)} 08:00`,
            endTime: `${day(-1)} 08:20`,
            tfcModes: ['WALK'],
            tripPurposes: [1],
            validationStatus: true,
          },
        ],
      },
    ],
  })
  const id = await firstWayId(page)
  await expect(page.locator(`#trip-${id} .badge`)).toHaveText('Fragen offen')
  await page.goto(`/ways/tripDetails/${id}`)
  await expect(page.getByRole('link', { name: 'Fragen beantworten' })).toBeVisible()
  await context.close()
})

test('the reset link refuses a password shorter than the minimum', async ({ browser, js }) => {
  const user = await newParticipant()
  const context = await browser.newContext({ javaScriptEnabled: js, locale: 'de-DE' })
  const page = await context.newPage()
  await page.goto('/user/reset-password')
  await page.locator('input[name="email"]').fill(user.email)
  await page.locator('main form button[type="submit"]').first().click()
  const link = await mailLink(user.email, 'set-password')
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ''))
  // With JavaScript, let the page finish hydrating (a submit in the middle of it was seen lost once on a busy machine).
  await page.waitForLoadState('networkidle')
  await page.locator('input[name="password"]').fill('x')
  await page.locator('input[name="confirmPassword"]').fill('x')
  await page.locator('main form button[type="submit"]').first().click()
  await expect(page.getByText('Das Passwort muss mindestens 3 Zeichen lang sein.')).toBeVisible()
  await context.close()
})
