// Reviewing by keyboard alone, with JavaScript on and off: every key press counted (Tab, Shift+Tab, Enter, Space,
// arrow keys through page.keyboard, nothing clicked or focused by the test). Fixing one leg's mode on a way's card
// and confirming it takes at most 20 presses from the ways list; after every post focus lands on its result, never
// on the page's start; the controls' accessible names tell the ways and days apart.
import type { Locator, Page } from '@playwright/test'
import { test, expect, participantPage, recordedWay, day } from './fixtures'
import { acceptCookies } from './page-helpers'

/** The keyboard, counted. */
class Keys {
  count = 0
  constructor(private page: Page) {}
  async press(key: string) {
    this.count++
    await this.page.keyboard.press(key)
  }
  /** Tab until `target` has focus (each Tab counted); fails after `max` presses. */
  async tabTo(target: Locator, max = 60) {
    for (let i = 0; i <= max; i++) {
      if (await focused(target)) return
      if (i < max) await this.press('Tab')
    }
    throw new Error(`Tab never reached ${target}: focus is on ${await activeText(this.page)}`)
  }
  /** ArrowDown on a focused select until the option `label` is chosen. */
  async arrowTo(select: Locator, label: string, max = 20) {
    for (let i = 0; i <= max; i++) {
      const chosen = await select.evaluate((el: HTMLSelectElement) => el.selectedOptions[0]?.label ?? '')
      if (chosen === label) return
      if (i < max) await this.press('ArrowDown')
    }
    throw new Error(`ArrowDown never chose ${label}`)
  }
}

const focused = (target: Locator) => target.evaluate((el) => el === document.activeElement).catch(() => false)
const activeText = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement
    return el ? `${el.tagName} ${(el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 60)}` : 'none'
  })
const focusInside = (target: Locator) => target.evaluate((el) => el.contains(document.activeElement))
const card = (page: Page, id: number) => page.locator(`article[data-trip-id="${id}"]`)

test('fixing one mode on a card and confirming the way takes at most 20 key presses', async ({ browser, js }) => {
  test.slow()
  const { page, context } = await participantPage(browser, js, {
    trips: [recordedWay([{ tfcModes: ['WALK'] }])],
  })
  await page.waitForURL(/\/ways\/list\//)
  await acceptCookies(page)
  const id = Number(await page.locator('article[data-trip-id]').first().getAttribute('data-trip-id'))
  const way = card(page, id)
  const keys = new Keys(page)

  // Past the navigation, to the leg's mode on the card, and open its picker.
  await keys.press('Tab')
  await expect(page.locator('.skip-link')).toBeFocused()
  await keys.press('Enter')
  await keys.tabTo(way.getByRole('link', { name: /Zu Fuß – Verkehrsmittel ändern/ }))
  await keys.press('Enter')
  const picker = page.locator('#mode')
  await expect(picker).toBeVisible()
  await expect(picker.locator('button[value="WALK"]')).toBeFocused()
  // Bus replaces walking: one post.
  await keys.tabTo(picker.getByRole('button', { name: 'Bus' }))
  await keys.press('Enter')
  await expect(page.locator('.toast').filter({ hasText: 'Etappe aktualisiert.' })).toBeVisible()
  await expect(picker).toHaveCount(0)
  // The result is the card: with JavaScript it has focus, without it the next Tab starts there (the URL's fragment).
  if (js) await expect.poll(() => focusInside(way)).toBe(true)
  else {
    await expect(page).toHaveURL(new RegExp(`#trip-${id}$`))
    // The fragment sets where the next Tab starts once the new page is parsed: a key pressed before that starts at
    // the top, as it would for a participant faster than the page.
    await page.waitForLoadState('load')
  }
  await keys.press('Tab')
  expect(await focusInside(way), `the Tab after the post is in the card, not on ${await activeText(page)}`).toBe(true)
  const select = way.getByRole('combobox', { name: /^Zweck/ })
  await keys.tabTo(select)
  await keys.arrowTo(select, 'Arbeit')
  await keys.tabTo(way.getByRole('button', { name: /Bestätigen/ }))
  await keys.press('Enter')
  await expect(page.locator('.toast').filter({ hasText: 'Weg bestätigt.' })).toBeVisible()

  console.log(`key presses to fix a mode and confirm (${js ? 'js' : 'nojs'}): ${keys.count}`)
  expect(keys.count, 'key presses to fix one mode and confirm').toBeLessThanOrEqual(20)

  // Stored: the way is confirmed with Bus and Arbeit.
  await page.goto(`/ways/tripDetails/${id}`)
  await expect(page.locator('.leg__facts .mode-list li')).toHaveText(['Bus'])
  await expect(page.locator('.leg__facts dd:not(:has(ul))')).toHaveText(['Arbeit'])
  await page.goto('/ways/list/all/page/1')
  await expect(card(page, id).locator('.badge')).toHaveText(/Bestätigt|Fragen offen/)
  await context.close()
})

test('after a confirmation on the card focus goes on at the next card; the message is announced', async ({
  browser,
  js,
}) => {
  test.slow()
  const { page, context } = await participantPage(browser, js, {
    trips: [recordedWay([{ tfcModes: ['WALK'] }]), recordedWay([{ tfcModes: ['WALK'] }], {}, day(-2))],
  })
  await page.waitForURL(/\/ways\/list\//)
  await page.goto('/ways/list/unconfirmed/page/1')
  await acceptCookies(page)
  const [first, second] = await page
    .locator('article[data-trip-id]')
    .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-trip-id'))))
  const purpose = card(page, first!).getByRole('combobox', { name: /^Zweck/ })
  await purpose.click()
  await purpose.selectOption({ label: 'Arbeit' })
  await card(page, first!)
    .getByRole('button', { name: /Bestätigen/ })
    .click()
  // Announced: the message is in the status region (read out when it changes, and focusable).
  await expect(page.locator('.toasts [role="status"] .toast')).toContainText('Weg bestätigt.')
  // The confirmed way left this tab; the review goes on at the next card: with JavaScript focus is on it (never on
  // the page's start after the fetcher's post), without it the next Tab starts there.
  await expect(card(page, first!)).toHaveCount(0)
  const next = card(page, second!)
  if (js) {
    await expect.poll(() => focusInside(next)).toBe(true)
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(false)
  } else {
    await expect(page).toHaveURL(new RegExp(`#trip-${second}$`))
  }
  await page.keyboard.press('Tab')
  expect(await focusInside(next), `the next Tab is in the next card, not on ${await activeText(page)}`).toBe(true)
  await expect(page.locator('footer').locator(':focus')).toHaveCount(0)
  await context.close()
})

test('a write refused as out of date takes focus: the picked mode again, or the error message', async ({
  browser,
  js,
}) => {
  test.slow()
  const { page, context } = await participantPage(browser, js, { trips: [recordedWay([{ tfcModes: ['WALK'] }])] })
  await page.waitForURL(/\/ways\/list\//)
  await page.goto('/ways/list/unconfirmed/page/1')
  await acceptCookies(page)
  const id = Number(await page.locator('article[data-trip-id]').first().getAttribute('data-trip-id'))
  const other = await context.newPage()
  await other.goto('/ways/list/unconfirmed/page/1')
  await card(page, id)
    .getByRole('link', { name: /Verkehrsmittel ändern/ })
    .click()
  await card(other, id)
    .getByRole('link', { name: /Verkehrsmittel ändern/ })
    .click()
  // Each picker opens with focus on the stored mode.
  await expect(other.locator('#mode button[value="WALK"]')).toBeFocused()
  await page.locator('#mode').getByRole('button', { name: 'Bus' }).click()
  await expect(page).not.toHaveURL(/dialog=mode/, { timeout: 30_000 })
  await other.locator('#mode').getByRole('button', { name: 'Bahn' }).click()
  await expect(other).toHaveURL(/retry=PUBLIC_TRANSPORT_TRAIN/, { timeout: 30_000 })
  const error = other.locator('.toasts [role="alert"] .toast--error')
  await expect(error).toContainText('Der Weg wurde inzwischen an anderer Stelle geändert')
  if (js) {
    // The picker is a modal dialog again: focus is on the mode picked before, one Enter applies it.
    await expect(other.locator('#mode button[value="PUBLIC_TRANSPORT_TRAIN"]')).toBeFocused()
    await other.keyboard.press('Enter')
    await expect(other.locator('.toast').filter({ hasText: 'Etappe aktualisiert.' })).toBeVisible()
    await expect(card(other, id).locator('.trip-card__mode')).toHaveText([/^Bahn/])
  } else {
    // Without JavaScript the error message has focus, so it is read out.
    await expect(error).toBeFocused()
  }
  await context.close()
})

test('the cards’ controls, report links and days without ways have names of their own', async ({ browser, js }) => {
  test.slow()
  const { page, context } = await participantPage(browser, js, {
    // The same times on three days, and a day without ways between each two of them.
    trips: [-1, -3, -5].map((d) => recordedWay([{ tfcModes: ['WALK'] }], {}, day(d))),
  })
  await page.waitForURL(/\/ways\/list\//)
  await page.goto('/ways/list/all/page/1')
  await acceptCookies(page)
  await expect(page.locator('article[data-trip-id]')).toHaveCount(3)
  // The names as the accessibility tree gives them.
  const tree = await page.locator('main').ariaSnapshot()
  const named = (role: string, start: string) =>
    [...tree.matchAll(new RegExp(`- '?${role} "(${start}[^"]*)"`, 'g'))].map((m) => m[1]!)
  const reports = named('link', 'Fehler melden')
  const days = named('link', 'Keine Wege erfasst')
  const modes = named('link', 'Zu Fuß')
  const confirms = named('button', 'Bestätigen')
  expect(reports).toHaveLength(3)
  expect(days.length).toBeGreaterThanOrEqual(2)
  expect(modes).toHaveLength(3)
  expect(confirms).toHaveLength(3)
  for (const names of [reports, days, modes, confirms])
    expect(new Set(names).size, names.join(' | ')).toBe(names.length)
  // Each carries its way's (or day's) date.
  for (const offset of [-1, -3, -5]) {
    const date = day(offset).split('-').reverse().join('.')
    expect(reports.filter((n) => n.includes(date))).toHaveLength(1)
  }
  for (const offset of [-2, -4])
    expect(days.filter((n) => n.includes(day(offset).split('-').reverse().join('.')))).toHaveLength(1)
  await context.close()
})
