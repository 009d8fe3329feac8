// Correcting a way, with JavaScript on and off, every tap a real click at the control's centre: a pick replaces the
// purpose or mode (several are an explicit choice); confirming on the card keeps what the legs already have and
// never confirms a mode the phone did not know; a post from an old version (another tab) says so, never claims
// success, shows what is stored now and keeps the participant's choice for one more tap.
import type { Page } from '@playwright/test'
import { test, expect, participantPage, day, recordedWay } from './fixtures'
import { acceptCookies, toast } from './page-helpers'

const card = (page: Page, id: number) => page.locator(`article[data-trip-id="${id}"]`)
const firstId = async (page: Page) =>
  Number(await page.locator('article[data-trip-id]').first().getAttribute('data-trip-id'))
const CHANGED = 'Der Weg wurde inzwischen an anderer Stelle geändert'

test('a pick replaces the purpose and the mode; several are an explicit choice', async ({ browser, js }) => {
  test.slow()
  const { page, context } = await participantPage(browser, js, {
    trips: [recordedWay([{ tfcModes: ['PUBLIC_TRANSPORT_TRAIN'], tripPurposes: [4] }])],
  })
  await page.waitForURL(/\/ways\/list\//)
  await page.goto('/ways/list/all/page/1')
  await acceptCookies(page)
  const id = await firstId(page)
  await page.goto(`/ways/tripDetails/${id}`)
  // Freizeit → tap Einkauf: the leg reads Einkauf alone.
  await page.getByRole('link', { name: 'Zweck ändern (Etappe 1)' }).click()
  const purpose = page.locator('#purpose')
  await expect(purpose.getByRole('radio', { name: 'Freizeit' })).toBeChecked()
  await purpose.getByText('Einkauf', { exact: true }).click()
  await purpose.getByRole('button', { name: 'Übernehmen' }).click()
  await expect(page.locator('.leg__facts dd').nth(1)).toHaveText('Einkauf')
  // Bahn → tap Bus: the leg reads Bus alone, and no purpose step stood in the way.
  await page.getByRole('link', { name: 'Verkehrsmittel ändern (Etappe 1)' }).click()
  const modes = page.locator('#modes')
  await modes.getByText('Bus', { exact: true }).click()
  await modes.getByRole('button', { name: 'OK' }).click()
  await expect(page.locator('#modes')).toHaveCount(0)
  await expect(page.locator('.leg__facts .mode-list li')).toHaveText(['Bus'])
  // A second mode only by asking for it: "add another mode to this leg".
  await page.getByRole('link', { name: 'Verkehrsmittel ändern (Etappe 1)' }).click()
  await page
    .locator('#modes')
    .getByRole('link', { name: /Weiteres Verkehrsmittel/ })
    .click()
  await expect(page.locator('#modes').getByRole('checkbox', { name: 'Bus' })).toBeChecked()
  await page.locator('#modes').getByText('Bahn', { exact: true }).click()
  await page.locator('#modes').getByRole('button', { name: 'OK' }).click()
  await expect(page.locator('#modes')).toHaveCount(0)
  await expect(page.locator('.leg__facts .mode-list li')).toHaveText(['Bus', 'Bahn'])
  await context.close()
})

test('confirming on the card keeps the legs’ purposes and asks for an unknown mode first', async ({ browser, js }) => {
  test.slow()
  const { page, context } = await participantPage(browser, js, {
    trips: [recordedWay([{ tfcModes: ['UNKNOWN'], tripPurposes: [6] }, { tfcModes: ['WALK'] }])],
  })
  await page.waitForURL(/\/ways\/list\//)
  await page.goto('/ways/list/unconfirmed/page/1')
  await acceptCookies(page)
  const id = await firstId(page)
  const way = card(page, id)
  // The unknown mode: no confirm button; the card asks for the mode in place.
  await expect(way.getByRole('button', { name: /Bestätigen/ })).toHaveCount(0)
  await expect(way).toContainText('Welches Verkehrsmittel auf Etappe 1?')
  await way.getByRole('link', { name: /Verkehrsmittel wählen/ }).click()
  await page.locator('#mode').getByRole('button', { name: 'Bahn' }).click()
  await expect(page).not.toHaveURL(/dialog=mode/, { timeout: 30_000 })
  // The modes come before the confirm button; the chosen purpose fills only the leg without one.
  await expect(card(page, id).locator('.trip-card__mode')).toHaveText([/^Bahn/, /^Zu Fuß/])
  const select = card(page, id).getByRole('combobox', { name: /Zweck für die Etappen ohne Zweck/ })
  await select.click()
  await select.selectOption({ label: 'Arbeit' })
  await card(page, id)
    .getByRole('button', { name: /Bestätigen/ })
    .click()
  await toast(page, 'Weg bestätigt.')
  await page.goto(`/ways/tripDetails/${id}`)
  await expect(page.locator('.leg__facts .mode-list li')).toHaveText(['Bahn', 'Zu Fuß'])
  await expect(page.locator('.leg__facts dd:not(:has(ul))')).toHaveText(['Begleitung', 'Arbeit'])
  await context.close()
})

test('a post from another tab’s old version says so, keeps the choice, and applies it in one tap', async ({
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
  const other = await context.newPage()
  await other.goto('/ways/list/unconfirmed/page/1')

  // A mode: this tab picks Bus, the other (opened before) Bahn.
  await card(page, first!)
    .getByRole('link', { name: /Verkehrsmittel ändern/ })
    .click()
  await card(other, first!)
    .getByRole('link', { name: /Verkehrsmittel ändern/ })
    .click()
  await page.locator('#mode').getByRole('button', { name: 'Bus' }).click()
  await expect(page).not.toHaveURL(/dialog=mode/, { timeout: 30_000 })
  await other.locator('#mode').getByRole('button', { name: 'Bahn' }).click()
  // Not saved, and said so: the picker again, Bus marked as stored, Bahn offered for one tap.
  await expect(other).toHaveURL(/retry=PUBLIC_TRANSPORT_TRAIN/, { timeout: 30_000 })
  await expect(other.locator('#mode')).toContainText('Ihre Wahl „Bahn“ wurde nicht gespeichert')
  await toast(other, CHANGED)
  await expect(other.getByText('Etappe aktualisiert.')).toHaveCount(0)
  await expect(other.locator('#mode').getByRole('button', { name: /Bus/ })).toContainText('(bisher)')
  await other.locator('#mode').getByRole('button', { name: 'Bahn' }).click()
  await toast(other, 'Etappe aktualisiert.')
  await expect(card(other, first!).locator('.trip-card__mode')).toHaveText([/^Bahn/])

  // Confirming: this tab with Arbeit; the other, from its old page, with Freizeit: never "Weg bestätigt".
  await page.goto('/ways/list/unconfirmed/page/1')
  await other.goto('/ways/list/unconfirmed/page/1')
  const mine = card(page, second!).getByRole('combobox', { name: 'Zweck' })
  await mine.click()
  await mine.selectOption({ label: 'Arbeit' })
  await card(page, second!)
    .getByRole('button', { name: /Bestätigen/ })
    .click()
  await toast(page, 'Weg bestätigt.')
  const theirs = card(other, second!).getByRole('combobox', { name: 'Zweck' })
  await theirs.click()
  await theirs.selectOption({ label: 'Freizeit' })
  await card(other, second!)
    .getByRole('button', { name: /Bestätigen/ })
    .click()
  await toast(other, CHANGED)
  await expect(other.getByText('Weg bestätigt.')).toHaveCount(0)
  await other.goto(`/ways/tripDetails/${second}`)
  await expect(other.locator('.leg__facts dd:not(:has(ul))')).toHaveText(['Arbeit'])
  await context.close()
})
