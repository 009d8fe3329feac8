// Add and edit ways by hand (the form, saving, its checks and messages),
// in both JavaScript modes: with JS each field opens its dialog; without JS the pickers are sections of the one form.
import type { Page } from '@playwright/test'
import { test, expect, participantPage, checkA11y, clearOfMidnight, day as studyDay } from './fixtures'
import { holdJavaScript, untilHydrated } from './page-helpers'

const display = (day: string) => day.split('-').reverse().join('.')

const LABELS = { purposes: 'Purposes', start: 'Start', end: 'Arrival', modes: 'Traffic modes' } as const
type FieldName = keyof typeof LABELS

/**
 * The place where a field is edited: its dialog (JS, opened from the summary field) or its form section (no JS). With
 * JavaScript the summary field opens the dialog only once the page's script has taken over: before that it is a plain
 * link to the form's section (the page works before its script arrives), so a tap that early opens no dialog.
 */
async function openField(page: Page, js: boolean, field: FieldName) {
  if (!js) return page.getByRole('group', { name: LABELS[field], exact: true })
  await untilHydrated(page)
  await page.getByRole('link', { name: new RegExp(`^${LABELS[field]}\\b`) }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`dialog=${field}`))
  return dialog
}

async function closeField(page: Page, js: boolean, button: 'OK' | 'Cancel' = 'OK') {
  if (!js) return
  await page
    .getByRole('dialog')
    .getByRole(button === 'OK' ? 'button' : 'link', { name: button, exact: true })
    .click()
  await expect(page.getByRole('dialog')).toHaveCount(0)
}

async function choose(page: Page, js: boolean, field: 'purposes' | 'modes', names: string[]) {
  const scope = await openField(page, js, field)
  for (const name of names) await scope.getByRole('checkbox', { name, exact: true }).check()
  await closeField(page, js)
}

async function setTime(page: Page, js: boolean, field: 'start' | 'end', hour: string, minute: string) {
  const scope = await openField(page, js, field)
  await scope.getByLabel('Hour', { exact: true }).fill(hour)
  await scope.getByLabel('Minute', { exact: true }).fill(minute)
  await closeField(page, js)
}

/** What a field shows: the summary (JS) or the inputs (no JS). */
async function expectTime(page: Page, js: boolean, field: 'start' | 'end', day: string, hh: string, mm: string) {
  if (js) {
    await expect(page.getByRole('link', { name: new RegExp(`^${LABELS[field]}\\b`) })).toContainText(
      `${display(day)} ${hh}:${mm}`,
    )
  } else {
    const group = page.getByRole('group', { name: LABELS[field], exact: true })
    await expect(group.getByLabel('Date', { exact: true })).toHaveValue(day)
    await expect(group.getByLabel('Hour', { exact: true })).toHaveValue(hh)
    await expect(group.getByLabel('Minute', { exact: true })).toHaveValue(mm)
  }
}

async function expectChosen(page: Page, js: boolean, field: 'purposes' | 'modes', names: string[]) {
  if (js) {
    await expect(page.getByRole('link', { name: new RegExp(`^${LABELS[field]}\\b`) })).toContainText(names.join(', '))
  } else {
    const group = page.getByRole('group', { name: LABELS[field], exact: true })
    for (const name of names) await expect(group.getByRole('checkbox', { name, exact: true })).toBeChecked()
  }
}

const save = (page: Page) => page.getByRole('button', { name: /^(Save|Speichern)$/ }).click()

test('add a way for a date, the two messages keep what was entered, then edit it', async ({ browser, js }) => {
  test.slow() // one long flow: add, two errors, save, list, edit
  const { page, context } = await participantPage(browser, js)
  const day = studyDay(-2)

  // German first: defaults 12:00 to 13:00 on that date; nothing chosen → 'Please fill in all fields.' (German).
  await page.goto(`/ways/add/${day}`)
  await checkA11y(page)
  await save(page)
  await expect(page.getByRole('alert').filter({ hasText: 'Bitte füllen Sie alle Felder aus.' })).toBeVisible()

  await page.goto(`/ways/add/${day}?locale=en_US`)
  await expect(page.getByRole('heading', { level: 1, name: 'Add way' })).toBeVisible()
  await expectTime(page, js, 'start', day, '12', '00')
  await expectTime(page, js, 'end', day, '13', '00')
  await save(page)
  await expect(page.getByRole('alert').filter({ hasText: 'Please fill in all fields.' })).toBeVisible()
  await expectTime(page, js, 'start', day, '12', '00')
  if (!js) await checkA11y(page) // with JS: checked below with a dialog open

  // Purpose and mode chosen, the start after the arrival (hour 25 is clamped to 24).
  await choose(page, js, 'purposes', ['Work'])
  await choose(page, js, 'modes', ['Walk', 'Bus'])
  if (js) {
    // Cancel drops what was ticked in the dialog.
    const dialog = await openField(page, js, 'modes')
    await dialog.getByRole('checkbox', { name: 'Car', exact: true }).check()
    await checkA11y(page)
    await closeField(page, js, 'Cancel')
    await expectChosen(page, js, 'modes', ['Bus, Walk'])
    // Hour and minute: clamped on leaving the input, shown with two digits, invalid input → previous value.
    const start = await openField(page, js, 'start')
    const hour = start.getByLabel('Hour', { exact: true })
    const minute = start.getByLabel('Minute', { exact: true })
    await hour.fill('7')
    await minute.fill('75')
    await minute.press('Tab')
    await expect(hour).toHaveValue('07')
    await expect(minute).toHaveValue('59')
    await hour.fill('x1')
    await hour.press('Tab')
    await expect(hour).toHaveValue('07')
    await closeField(page, js, 'Cancel')
    await expectTime(page, js, 'start', day, '12', '00')
  }
  await setTime(page, js, 'start', '25', '30')
  await save(page)
  await expect(
    page.getByRole('alert').filter({ hasText: 'The start time must be before the arrival time.' }),
  ).toBeVisible()
  await expectChosen(page, js, 'purposes', ['Work'])
  await expectChosen(page, js, 'modes', js ? ['Bus, Walk'] : ['Walk', 'Bus'])
  await expectTime(page, js, 'start', day, '24', '30')
  await expectTime(page, js, 'end', day, '13', '00')

  // Fixed: saved, shown in the list at its day, highlighted, with a blank distance.
  await setTime(page, js, 'start', '14', '30')
  await setTime(page, js, 'end', '15', '05')
  await save(page)
  await expect(page).toHaveURL(/\/ways\/list\/all\/\d+\/page\/1/)
  await expect(page.getByText('Way created.')).toBeVisible()
  const id = Number(/\/ways\/list\/all\/(\d+)\//.exec(page.url())![1])
  const card = page.locator(`#trip-${id}`)
  await expect(card).toContainText('Work')
  await expect(card).toContainText('14:30')
  await expect(card).toContainText('15:05')
  await expect(card.locator('.trip-card__stats')).not.toContainText(/\d\s*(m|km)\b/)
  await expect(page.locator(`#day-${day}`)).toContainText('14:30')

  // Edit: the form shows the way's first leg; change purposes, modes and the arrival.
  await page.goto(`/ways/edit/${id}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Edit way' })).toBeVisible()
  await expectTime(page, js, 'start', day, '14', '30')
  await expectTime(page, js, 'end', day, '15', '05')
  await expectChosen(page, js, 'purposes', ['Work'])
  await checkA11y(page)
  await choose(page, js, 'purposes', ['Shopping'])
  await choose(page, js, 'modes', ['Bicycle'])
  await setTime(page, js, 'end', '16', '00')
  await save(page)
  await expect(page).toHaveURL(new RegExp(`/ways/list/all/${id}/page/1`))
  await expect(page.getByText('Way updated.')).toBeVisible()
  await expect(card).toContainText('Work, Shopping')
  await expect(card).toContainText('16:00')
  // The way's one leg, with its three modes (each leg is one entry on the card, the way to fix its modes).
  const legModes = card.getByRole('list', { name: 'Traffic modes' }).getByRole('listitem')
  await expect(legModes).toHaveCount(1)
  for (const mode of ['Walk', 'Bus', 'Bicycle']) await expect(legModes).toContainText(mode)
  await context.close()
})

test("an unknown or another participant's way cannot be edited; a malformed date is not found", async ({
  browser,
  js,
}) => {
  const { page, context } = await participantPage(browser, js)
  for (const url of ['/ways/edit/999999999?locale=en_US', '/ways/edit/1', '/ways/edit/abc']) {
    await page.goto(url)
    await expect(page).toHaveURL(/\/ways\/list\/all\/page\/1/)
    await expect(page.getByText('This way does not exist.')).toBeVisible()
  }
  for (const bad of ['2026-13-01', '2026-02-30', '02.11.2026']) {
    const res = await page.goto(`/ways/add/${bad}`)
    expect(res?.status()).toBe(404)
  }
  // Without a date: today, and never in the future (before 13:00 the way ends now).
  await page.goto('/ways/add')
  const hour = Number(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Berlin', hour: '2-digit', hour12: false }).format(new Date()),
  )
  if (hour >= 13) await expectTime(page, js, 'start', studyDay(0), '12', '00')
  else if (!js)
    await expect(
      page.getByRole('group', { name: LABELS.start, exact: true }).getByLabel('Date', { exact: true }),
    ).toHaveValue(studyDay(0))
  await context.close()
})

test('a way entered before the page’s JavaScript arrives is kept and saved', async ({ browser, js }) => {
  test.skip(!js, 'without JavaScript nothing hydrates: the fields are the browser’s alone')
  const { page, context } = await participantPage(browser, js)
  const day = studyDay(-2)
  const script = await holdJavaScript(context)
  await page.goto(`/ways/add/${day}?locale=en_US`, { waitUntil: 'domcontentloaded' })
  // Until the JavaScript runs, each summary field jumps to its picker in the page.
  const section = async (field: FieldName) => {
    await page.locator(`a[href="#${field}"]`).click()
    return page.getByRole('group', { name: LABELS[field], exact: true })
  }
  await (await section('purposes')).getByRole('checkbox', { name: 'Work', exact: true }).check()
  const start = await section('start')
  await start.getByLabel('Hour', { exact: true }).fill('08')
  await start.getByLabel('Minute', { exact: true }).fill('15')
  const end = await section('end')
  await end.getByLabel('Hour', { exact: true }).fill('09')
  await end.getByLabel('Minute', { exact: true }).fill('05')
  await (await section('modes')).getByRole('checkbox', { name: 'Walk', exact: true }).check()
  script.release()
  // Hydrated: the summary fields open their dialogs now, and show what was entered.
  await expect(page.getByRole('link', { name: /^Purposes\b/ })).toHaveAttribute('aria-haspopup', 'dialog')
  await expectChosen(page, js, 'purposes', ['Work'])
  await expectChosen(page, js, 'modes', ['Walk'])
  await expectTime(page, js, 'start', day, '08', '15')
  await expectTime(page, js, 'end', day, '09', '05')
  await save(page)
  await expect(page).toHaveURL(/\/ways\/list\/all\/\d+\/page\/1/)
  await expect(page.locator('article[data-trip-id]')).toContainText('08:15')
  await context.close()
})

/** Sets a field's date (its dialog with JavaScript, its form section without). */
async function setDate(page: Page, js: boolean, field: 'start' | 'end', date: string) {
  const scope = await openField(page, js, field)
  await scope.getByLabel('Date', { exact: true }).fill(date)
  await closeField(page, js)
}

/** The fields marked as wrong, by label: the summary's fields (JS) or the form's sections (no JS). */
async function expectMarked(page: Page, js: boolean, labels: string[]) {
  if (js) await expect(page.locator('.way-field--invalid .way-field__label')).toHaveText(labels)
  else {
    const ids = labels.map((l) => (Object.entries(LABELS).find(([, label]) => label === l) ?? [l])[0])
    await expect(page.locator('.picker--invalid')).toHaveCount(ids.length)
    expect(await page.locator('.picker--invalid').evaluateAll((els) => els.map((el) => el.id))).toEqual(ids)
  }
}

test('a way of more than a day is asked about; a time in the future is reported on its own field', async ({
  browser,
  js,
}) => {
  test.slow()
  // The second half needs a minute of today later than now.
  await clearOfMidnight()
  const { page, context } = await participantPage(browser, js)
  const day = studyDay(-2)
  await page.goto(`/ways/add/${day}?locale=en_US`)
  await choose(page, js, 'purposes', ['Work'])
  await choose(page, js, 'modes', ['Walk'])

  // Only the start date changed, two weeks back: not saved without a question; both times are marked.
  await setDate(page, js, 'start', studyDay(-16))
  await save(page)
  const alert = page.getByRole('alert').filter({ hasText: 'The way lasts longer than 24 hours.' })
  await expect(alert).toBeVisible()
  await expectMarked(page, js, ['Start', 'Arrival'])
  await checkA11y(page)
  // Confirmed: saved as entered.
  await alert.getByRole('checkbox', { name: 'Yes, the way took that long' }).check()
  await save(page)
  await expect(page.getByText('Way created.')).toBeVisible()

  // An arrival later than now: the message names the arrival, and only the arrival is marked.
  await page.goto(`/ways/add/${day}?locale=en_US`)
  await choose(page, js, 'purposes', ['Work'])
  await choose(page, js, 'modes', ['Walk'])
  // Today, arriving at 23:59 (the date pickers offer no later day): later than now, as the test began clear of it.
  await setDate(page, js, 'start', studyDay(0))
  await setDate(page, js, 'end', studyDay(0))
  await setTime(page, js, 'start', '00', '00')
  await setTime(page, js, 'end', '23', '59')
  await save(page)
  await expect(page.getByRole('alert').filter({ hasText: 'The arrival is in the future' })).toBeVisible()
  await expectMarked(page, js, ['Arrival'])
  await context.close()
})
