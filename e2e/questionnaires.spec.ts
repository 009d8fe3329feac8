// Questionnaires, with JavaScript on and off: the demo initial questionnaire through each of its question
// types (with a reload in the middle that loses nothing), a second campaign's questionnaire with the remaining types,
// availability and lock states of the campaign area, a way's questionnaires with the copy-to-later-legs prompt, and a
// duration answered and found in the research export.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { test, expect, participantPage, checkA11y, admin, day } from './fixtures'
import { holdJavaScript, toast, untilHydrated } from './page-helpers'

const display = (d: string) => d.split('-').reverse().join('.')

const question = (page: Page) => page.locator('fieldset.qtn-q')
const progress = (page: Page, n: number, total: number) =>
  expect(page.locator('.qtn-progress')).toContainText(`Frage ${n} von ${total}`)
/** The campaign info's button of a questionnaire, by its title. */
const card = (page: Page, title: string) =>
  page.locator('.campaign-qtn').filter({ has: page.locator('.campaign-qtn__title', { hasText: title }) })

async function press(page: Page, name: string) {
  await page.getByRole('button', { name, exact: true }).click()
  await page.waitForLoadState()
}
/** Next, then the given progress (or the question text) must show. */
async function next(page: Page, expected: { n: number; total: number } | RegExp | string) {
  await press(page, 'Weiter')
  if (typeof expected === 'object' && 'n' in expected) await progress(page, expected.n, expected.total)
  else await expect(question(page).locator('legend').first()).toContainText(expected)
}

/** Fills a number box, leaving it (so JavaScript clamps it like the server would). */
async function fillBox(page: Page, label: string | RegExp, value: string) {
  const box = page
    .getByRole('spinbutton', { name: label })
    .or(page.getByRole('textbox', { name: label }))
    .first()
  await box.fill(value)
  await box.blur()
}

/** A campaign file with fresh ids (the js and nojs projects share one server, and ids are unique in it). */
function idBase() {
  return 100_000_000 + Math.floor(Math.random() * 9_000) * 100_000
}

test('the demo initial questionnaire through each of its question types; a reload loses nothing', async ({
  browser,
  js,
}) => {
  test.setTimeout(120_000)
  const { page, context } = await participantPage(browser, js)
  // The tile server is unreachable (and so is the geocoder, in the e2e server): the location questions still work.
  await context.route('**/test-tiles/**', (route) => route.abort())
  await page.goto('/campaign/info')
  await checkA11y(page)
  const initial = card(page, 'Eingangsfragebogen')
  await expect(initial).toContainText('Zu beantworten')
  await initial.getByRole('link').click()
  await expect(page).toHaveURL(/\/campaign\/questionnaire\/initial/)
  await progress(page, 1, 10)
  await checkA11y(page)

  // 1 INT_NO_INPUT (mandatory, 1..15): Next without an answer is refused next to the question.
  await press(page, 'Weiter')
  await expect(question(page).locator('.field__error')).toHaveText('Bitte beantworten Sie diese Frage.')
  await fillBox(page, /Wie viele Personen/, '40')
  if (js) {
    await expect(page.getByRole('textbox', { name: /Wie viele Personen/ })).toHaveValue('15')
  } else {
    await press(page, 'Weiter')
    await expect(page.getByRole('status').filter({ hasText: 'angepasst' })).toBeVisible()
    await expect(page.getByRole('textbox', { name: /Wie viele Personen/ })).toHaveValue('15')
  }
  await fillBox(page, /Wie viele Personen/, '3')

  // 2 SINGLE_CHOICE with a filter: "Ja, ständig" opens the question about the number of cars.
  await next(page, { n: 2, total: 10 })
  await page.getByRole('radio', { name: 'Ja, ständig' }).check()
  await next(page, 'Wie viele Autos')
  await progress(page, 3, 11)
  await fillBox(page, /Wie viele Autos/, '1')

  // 3 MULTIPLE_CHOICE (max 3, "Keines davon" exclusive).
  await next(page, { n: 4, total: 11 })
  await checkA11y(page)
  await page.getByRole('checkbox', { name: 'Fahrrad' }).check()
  await page.getByRole('checkbox', { name: /^Bus/ }).check()
  await page.getByRole('checkbox', { name: /Keines davon/ }).check()
  if (js) {
    await expect(page.getByRole('checkbox', { name: 'Fahrrad' })).not.toBeChecked()
  } else {
    await press(page, 'Weiter')
    await expect(page.getByRole('status').filter({ hasText: 'schließt die anderen aus' })).toBeVisible()
  }
  await expect(page.getByRole('checkbox', { name: /Keines davon/ })).toBeChecked()
  await page.getByRole('checkbox', { name: /Keines davon/ }).uncheck()
  await page.getByRole('checkbox', { name: 'Fahrrad' }).check()
  await page.getByRole('checkbox', { name: /^Bus/ }).check()

  // 4 SINGLE_CHOICE_MATRIX: one answer per row.
  await next(page, { n: 5, total: 11 })
  await checkA11y(page)
  for (const [row, col] of [
    ['dem öffentlichen Nahverkehr', 'eher zufrieden'],
    ['den Radwegen', 'sehr unzufrieden'],
    ['den Gehwegen', 'sehr zufrieden'],
  ]) {
    await page.getByRole('group', { name: row }).getByRole('radio', { name: col, exact: true }).check()
  }
  await next(page, { n: 6, total: 11 })

  // A reload in the middle (and Back) loses nothing.
  await page.reload()
  await progress(page, 6, 11)
  await press(page, 'Zurück')
  await progress(page, 5, 11)
  await expect(
    page.getByRole('group', { name: 'den Radwegen' }).getByRole('radio', { name: 'sehr unzufrieden' }),
  ).toBeChecked()
  await next(page, { n: 6, total: 11 })

  // 5 CONSTANT_SUM_INPUT: together at most 100 %; the last moved value is reduced.
  await checkA11y(page)
  await fillBox(page, 'Zu Fuß', '60')
  await fillBox(page, 'Öffentlicher Verkehr', '50')
  if (!js) {
    await press(page, 'Weiter')
    await expect(page.getByRole('status').filter({ hasText: 'verringert' })).toBeVisible()
  }
  await expect(page.getByRole('spinbutton', { name: 'Öffentlicher Verkehr' })).toHaveValue('40')
  await expect(page.locator('.qtn-total')).toHaveText('Summe: 100 von 100 %')

  // 6 FLOATING_NO_INPUT with a decimal comma.
  await next(page, { n: 7, total: 11 })
  await fillBox(page, /nächste Haltestelle/, '0,45')

  // 7 DATE: today by default, no future dates.
  await next(page, { n: 8, total: 11 })
  const date = page.locator('input[type="date"]')
  await expect(date).toHaveValue(day(0))
  await expect(date).toHaveAttribute('max', day(0))
  await date.fill(day(1))
  await press(page, 'Weiter')
  await expect(question(page).locator('.field__error')).toHaveText('Das Datum darf nicht in der Zukunft liegen.')
  await date.fill(day(-400))

  // 8 SINGLE_LOCATOR: with JavaScript a tap on the map, without it coordinates.
  await next(page, { n: 9, total: 11 })
  await checkA11y(page)
  if (js) {
    // Without tiles the map steps aside and says so; the device's position is one of the other ways.
    await expect(question(page).getByText('Die Karte konnte nicht geladen werden.', { exact: false })).toBeVisible()
    await context.grantPermissions(['geolocation'])
    await context.setGeolocation({ latitude: 52.5201, longitude: 13.4049 })
    await page.getByRole('button', { name: 'Meinen Standort verwenden' }).click()
    await expect(page.locator('.qtn-place__now')).toContainText('Markiert: 52.5201, 13.4049')
  } else {
    await page.getByRole('textbox', { name: 'Oder eine Adresse oder Koordinaten' }).fill('52.52, 13.405')
  }

  // 9 MULTIPLE_LOCATOR: a place per field; an unknown address is refused.
  await next(page, { n: 10, total: 11 })
  const fields = page.getByRole('textbox', { name: 'Oder eine Adresse oder Koordinaten' })
  await expect(fields).toHaveCount(3)
  // The e2e server's geocoder is unreachable: the page says so and points to the other ways.
  await fields.nth(0).fill('Nirgendwo 999')
  await press(page, 'Weiter')
  await expect(question(page).locator('.field__error')).toContainText('nicht erreichbar')
  await fields.nth(0).fill('52.51, 13.39')
  await fields.nth(1).fill('52.53, 13.41')
  await fields.nth(2).fill('52.50, 13.44')

  // 10 MULTIPLE_ROW_TEXT: the last question has Complete instead of Next.
  await next(page, { n: 11, total: 11 })
  await checkA11y(page)
  await expect(page.getByRole('button', { name: 'Weiter' })).toHaveCount(0)
  await page.getByRole('textbox', { name: 'Beruf' }).fill('Lehrerin')
  await page.getByRole('textbox', { name: 'Branche' }).fill('Bildung')
  if (js) await expect(page.getByText('Noch 53 Zeichen')).toBeVisible()
  await press(page, 'Umfrage abschließen')

  await expect(page).toHaveURL(/\/campaign\/info$/)
  await toast(page, 'Vielen Dank für die Beantwortung des Eingangsfragebogens.')
  await expect(initial).toContainText('Beantwortet')
  await page.goto('/campaign/questionnaire/initial')
  await expect(page.getByText('Sie haben diesen Fragebogen beantwortet.')).toBeVisible()
  await context.close()
})

test('the other question types, and the final questionnaire locked until the mandatory initial one is answered', async ({
  browser,
  js,
}) => {
  test.setTimeout(120_000)
  const b = idBase()
  const q = (n: number, type: string, intro: string, opts: unknown[], extra: Record<string, unknown> = {}) => ({
    id: b + n,
    type,
    introTxt: intro,
    sortingIdx: n,
    subQuestions: [{ id: b + n * 10, answOpts: opts }],
    ...extra,
  })
  const o = (n: number, introTxt?: string, extra: Record<string, unknown> = {}) => ({
    id: b + n,
    ...(introTxt ? { introTxt } : {}),
    ...extra,
  })
  const campaign = {
    name: 'Eine Kampagne mit einem sehr langen Namen, der auf kleinen Bildschirmen gekürzt wird',
    startDate: day(-10),
    endDate: day(20),
    tripPurposes: [{ id: b + 1, name: 'Arbeit' }],
    questionnaires: [
      {
        id: b + 100,
        type: 'INITIAL',
        mandatory: true,
        section: {
          id: b + 100,
          questions: [
            q(1, 'SINGLE_NUM_SLIDER', 'Wie zufrieden sind Sie?', [o(101)], { max: 10 }),
            q(2, 'MULTIPLE_NUM_SLIDER', 'Wie sehr stimmen Sie zu?', [o(201, 'Aussage A'), o(202, 'Aussage B')], {
              max: 100,
              metaDataRecs: [{ key: 'interval', val: '10' }],
            }),
            {
              id: b + 3,
              type: 'MULTIPLE_CHOICE_MATRIX',
              introTxt: 'Wann nutzen Sie diese Verkehrsmittel?',
              sortingIdx: 3,
              subQuestions: [
                {
                  id: b + 31,
                  introTxt: 'Fahrrad',
                  answOpts: [o(311, 'Sommer'), o(312, 'Winter'), o(313, 'Nie', { exclOpt: true })],
                },
                {
                  id: b + 32,
                  introTxt: 'Auto',
                  answOpts: [o(321, 'Sommer'), o(322, 'Winter'), o(323, 'Nie', { exclOpt: true })],
                },
              ],
            },
            q(4, 'DATE_TIME', 'Wann sind Sie zuletzt Bahn gefahren?', [o(401)]),
            q(5, 'TIME', 'Wann stehen Sie meist auf?', [o(501)], { mandatory: true }),
            q(6, 'DRAG_RAT', 'Ordnen Sie die Verkehrsmittel.', [o(601, 'A'), o(602, 'B')]),
            q(7, 'SINGLE_ROW_TEXT', 'Ihr Lieblingsort?', [o(701)], { max: 10 }),
            q(8, 'TEXT', 'Anmerkungen?', [o(801)], { max: 200 }),
          ],
        },
      },
      {
        id: b + 200,
        type: 'FINAL',
        section: {
          id: b + 200,
          questions: [q(21, 'SINGLE_CHOICE', 'Würden Sie wieder teilnehmen?', [o(2101, 'Ja'), o(2102, 'Nein')])],
        },
      },
    ],
  }
  const id = (await admin('campaign:import', { data: campaign })).at(-1)!
  const { page, user, context } = await participantPage(browser, js, { campaign: false })
  await admin('campaign:assign', { campaign: id, email: user.email })

  await page.goto('/campaign/info')
  await expect(card(page, 'Eingangsfragebogen')).toContainText('Zu beantworten')
  await expect(card(page, 'Abschlussfragebogen')).toContainText('Gesperrt')
  await page.goto('/campaign/questionnaire/final')
  await expect(page.getByText('Bitte beantworten Sie zuerst den Eingangsfragebogen.')).toBeVisible()
  await page.getByRole('link', { name: 'Zum Eingangsfragebogen' }).click()

  // SINGLE_NUM_SLIDER: range and number box.
  await progress(page, 1, 7)
  await checkA11y(page)
  await expect(page.getByRole('slider')).toHaveValue('0')
  await fillBox(page, /Wie zufrieden/, '7')
  if (js) await expect(page.getByRole('slider')).toHaveValue('7')

  // MULTIPLE_NUM_SLIDER (%, interval 10).
  await next(page, { n: 2, total: 7 })
  await checkA11y(page)
  await expect(page.getByRole('slider', { name: 'Aussage A' })).toHaveAttribute('step', '10')
  await fillBox(page, 'Aussage A', '30')
  await fillBox(page, 'Aussage B', '80')

  // MULTIPLE_CHOICE_MATRIX: several per row, "Nie" alone.
  await next(page, { n: 3, total: 7 })
  await checkA11y(page)
  const bike = page.getByRole('group', { name: 'Fahrrad' })
  await bike.getByRole('checkbox', { name: 'Sommer' }).check()
  await bike.getByRole('checkbox', { name: 'Winter' }).check()
  await page.getByRole('group', { name: 'Auto' }).getByRole('checkbox', { name: /Nie/ }).check()

  // DATE_TIME: date, hour and minute; today 12:00 by default.
  await next(page, { n: 4, total: 7 })
  await expect(page.locator('input[type="date"]')).toHaveValue(day(0))
  await expect(page.getByRole('textbox', { name: 'Stunde' })).toHaveValue('12')
  await page.locator('input[type="date"]').fill(day(-3))
  await page.getByRole('textbox', { name: 'Stunde' }).fill('8')
  await page.getByRole('textbox', { name: 'Minute' }).fill('5')

  // TIME (mandatory): hour 0-24, minute 0-59. DRAG_RAT after it is skipped.
  await next(page, { n: 5, total: 7 })
  await press(page, 'Weiter')
  await expect(question(page).locator('.field__error')).toHaveText('Bitte beantworten Sie diese Frage.')
  await page.getByRole('textbox', { name: 'Stunde' }).fill('7')
  await page.getByRole('textbox', { name: 'Minute' }).fill('30')

  // SINGLE_ROW_TEXT (max 10), remaining count.
  await next(page, { n: 6, total: 7 })
  await expect(page.getByText('Noch 10 Zeichen')).toBeVisible()
  await page.getByRole('textbox', { name: 'Ihr Lieblingsort?' }).fill('Tempelhof')
  if (js) await expect(page.getByText('Noch 1 Zeichen')).toBeVisible()

  // TEXT: several lines; then back once to see the saved answers.
  await next(page, { n: 7, total: 7 })
  await page.getByRole('textbox', { name: 'Anmerkungen?' }).fill('Zeile 1\nZeile 2')
  await press(page, 'Zurück')
  await expect(page.getByRole('textbox', { name: 'Ihr Lieblingsort?' })).toHaveValue('Tempelhof')
  await expect(page.getByText('Noch 1 Zeichen')).toBeVisible()
  await next(page, { n: 7, total: 7 })
  await expect(page.getByRole('textbox', { name: 'Anmerkungen?' })).toHaveValue('Zeile 1\nZeile 2')
  await press(page, 'Umfrage abschließen')

  await toast(page, 'Vielen Dank für die Beantwortung des Eingangsfragebogens.')
  await expect(card(page, 'Abschlussfragebogen')).toContainText('Zu beantworten')
  await context.close()
})

test('availability: from a date, until a date, none; the name cut below 460 px', async ({ browser, js }) => {
  const b = idBase()
  const one = (n: number) => ({
    id: b + n,
    questions: [{ id: b + n + 1, type: 'TEXT', subQuestions: [{ id: b + n + 2, answOpts: [{ id: b + n + 3 }] }] }],
  })
  const base = { startDate: day(-10), endDate: day(20) }
  const later = (
    await admin('campaign:import', {
      data: {
        ...base,
        name: 'Später',
        questionnaires: [{ id: b + 10, type: 'INITIAL', availFrom: `${day(3)} 08:00`, section: one(10) }],
      },
    })
  ).at(-1)!
  const past = (
    await admin('campaign:import', {
      data: {
        ...base,
        name: 'Vorbei',
        questionnaires: [{ id: b + 20, type: 'INITIAL', availUntil: `${day(-2)} 18:00`, section: one(20) }],
      },
    })
  ).at(-1)!

  const { page, user, context } = await participantPage(browser, js, { campaign: false })
  await page.goto('/campaign/info')
  await expect(page.getByText('Keine Teilnahme')).toBeVisible()

  await admin('campaign:assign', { campaign: later, email: user.email })
  await page.goto('/campaign/info')
  await checkA11y(page)
  await expect(card(page, 'Eingangsfragebogen')).toContainText(`Verfügbar ab ${display(day(3))}`)
  await expect(card(page, 'Abschlussfragebogen')).toContainText('Es ist kein Abschlussfragebogen verfügbar.')
  await page.goto('/campaign/questionnaire/initial')
  await expect(page.getByText(`Dieser Fragebogen ist ab dem ${display(day(3))} verfügbar.`)).toBeVisible()
  await expect(page.locator('fieldset.qtn-q')).toHaveCount(0)
  await page.goto('/campaign/questionnaire/final')
  await expect(page.getByText('Es ist kein Abschlussfragebogen verfügbar.')).toBeVisible()
  expect((await page.goto('/campaign/questionnaire/weekly'))?.status()).toBe(404)

  await admin('campaign:assign', { campaign: past, email: user.email })
  await page.goto('/campaign/info?locale=en_US')
  await expect(card(page, 'Initial questionnaire')).toContainText(`Available until ${display(day(-2))}`)
  await page.goto('/campaign/questionnaire/initial')
  await expect(page.getByText(`This questionnaire was available until ${display(day(-2))}.`)).toBeVisible()
  await checkA11y(page)

  // The name is cut to 50 characters below 460 px (CSS only); the full name stays for assistive technology.
  await page.goto('/campaign/info?locale=de_DE')
  const long = 'Mobilitätsstudie für den Großraum Berlin-Brandenburg 2026 mit Zusatzbefragung'
  await admin('campaign:import', { data: { ...base, name: long } }).then(async (out) =>
    admin('campaign:assign', { campaign: out.at(-1)!, email: user.email }),
  )
  await page.setViewportSize({ width: 360, height: 740 })
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: long, exact: true })).toBeVisible()
  await expect(page.locator('.campaign-name__short')).toBeVisible()
  expect([...((await page.locator('.campaign-name__short').textContent()) ?? '')].length).toBe(50)
  await page.setViewportSize({ width: 1280, height: 800 })
  await expect(page.locator('.campaign-name__short')).toBeHidden()
  await expect(page.locator('.campaign-name__full')).toBeVisible()
  await context.close()
})

test("a way's questionnaires: trip, then legs; the copy to later legs of the same mode", async ({ browser, js }) => {
  test.setTimeout(120_000)
  const d = day(-1)
  const legs = ['BICYCLE', 'WALK', 'BICYCLE'].map((mode, i) => ({
    startTime: `${d} 08:${String(i * 10).padStart(2, '0')}`,
    endTime: `${d} 08:${String(i * 10 + 9).padStart(2, '0')}`,
    geom: [
      { lat: 52.52, lon: 13.38 + i * 0.01 },
      { lat: 52.521, lon: 13.385 + i * 0.01 },
    ],
    tfcModes: [mode],
    tripPurposes: [1],
    validationStatus: true,
    qtnsAnswered: false,
  }))
  const trip = {
    validationStatus: true,
    confirmationStatus: true,
    qtnAnswered: false,
    allQuestionsAnswered: false,
    legs,
  }
  const { page, context } = await participantPage(browser, js, { trips: [trip] })
  await page.goto('/ways/list/all/page/1')
  const href = (await page.locator('a[href*="/ways/tripDetails/"]').first().getAttribute('href'))!
  await page.goto(href)
  await page.getByRole('link', { name: 'Fragen beantworten' }).click()
  await expect(page).toHaveURL(/view=questionnaire/)
  await checkA11y(page)

  // The trip questionnaire: SINGLE_CHOICE (mandatory), TIME, SINGLE_ROW_TEXT.
  const parts = page.locator('.qtn-parts li')
  await expect(parts).toHaveText(['Zum Weg', 'Etappe 1: Fahrrad', 'Etappe 2: Zu Fuß', 'Etappe 3: Fahrrad'])
  await expect(parts.first()).toHaveAttribute('aria-current', 'step')
  await page.getByRole('radio', { name: 'Allein' }).check()
  await next(page, /Uhrzeit/)
  await page.getByRole('textbox', { name: 'Stunde' }).fill('7')
  await page.getByRole('textbox', { name: 'Minute' }).fill('45')
  await next(page, /besonderen Anlass/)
  await page.getByRole('textbox', { name: /besonderen Anlass/ }).fill('Arzttermin')

  // Leg 1 (bicycle): SINGLE_CHOICE, INT_NO_INPUT, MULTIPLE_CHOICE.
  await next(page, /angenehm/)
  await expect(parts.nth(1)).toHaveAttribute('aria-current', 'step')
  await page.getByRole('radio', { name: 'Eher angenehm' }).check()
  await next(page, /gewartet/)
  await fillBox(page, /gewartet/, '4')
  await next(page, /gestört/)
  await page.getByRole('checkbox', { name: 'Verkehr' }).check()

  // Past its last question: leg 3 is also by bicycle → copy?
  await press(page, 'Weiter')
  await expect(page.getByText('Etappe 3 dieses Weges hat ebenfalls das Verkehrsmittel Fahrrad.')).toBeVisible()
  await checkA11y(page)
  await press(page, 'Ja, übernehmen')

  // Leg 2 (walk) is next; then leg 3 shows the copied answers.
  await expect(parts.nth(2)).toHaveAttribute('aria-current', 'step')
  await page.getByRole('radio', { name: 'Sehr angenehm' }).check()
  await next(page, /gewartet/)
  await next(page, /gestört/)
  await page.getByRole('checkbox', { name: 'Nichts' }).check()
  await next(page, /angenehm/)
  await expect(parts.nth(3)).toHaveAttribute('aria-current', 'step')
  await expect(page.getByRole('radio', { name: 'Eher angenehm' })).toBeChecked()
  await next(page, /gewartet/)
  await expect(page.getByRole('textbox', { name: /gewartet/ })).toHaveValue('4')
  await next(page, /gestört/)
  await expect(page.getByRole('checkbox', { name: 'Verkehr' })).toBeChecked()
  await press(page, 'Fragen zum Weg abschließen')

  await toast(page, 'Vielen Dank für die Beantwortung der Fragen zum Weg.')
  await expect(page).not.toHaveURL(/view=questionnaire/)
  await expect(page.locator('.trip-status')).toContainText('Bestätigt')
  await context.close()
})

test('what is answered before the page’s JavaScript arrives is kept and saved', async ({ browser, js }) => {
  test.skip(!js, 'without JavaScript nothing hydrates: the fields are the browser’s alone')
  test.setTimeout(120_000)
  const { page, context } = await participantPage(browser, js)
  await context.route('**/test-tiles/**', (route) => route.abort())
  // Each question is loaded afresh with its JavaScript held back, as on a slow phone, and answered before it arrives.
  const script = await holdJavaScript(context)
  const slowly = async (answer: () => Promise<void>) => {
    script.hold()
    await page.reload({ waitUntil: 'domcontentloaded' })
    await answer()
    script.release()
    await untilHydrated(page)
  }
  await page.goto('/campaign/questionnaire/initial', { waitUntil: 'domcontentloaded' })
  await progress(page, 1, 10)

  // A number box.
  const persons = page.getByRole('textbox', { name: /Wie viele Personen/ })
  await slowly(() => persons.fill('3'))
  await expect(persons).toHaveValue('3')
  await persons.blur()
  await expect(persons).toHaveValue('3')
  await next(page, { n: 2, total: 10 })

  // A single choice: its filter opens the question about the number of cars.
  await slowly(() => page.getByRole('radio', { name: 'Ja, ständig' }).check())
  await expect(page.getByRole('radio', { name: 'Ja, ständig' })).toBeChecked()
  await next(page, 'Wie viele Autos')
  await fillBox(page, /Wie viele Autos/, '1')

  // A multiple choice.
  await next(page, { n: 4, total: 11 })
  await slowly(async () => {
    await page.getByRole('checkbox', { name: 'Fahrrad' }).check()
    await page.getByRole('checkbox', { name: /^Bus/ }).check()
  })
  await expect(page.getByRole('checkbox', { name: 'Fahrrad' })).toBeChecked()
  await expect(page.getByRole('checkbox', { name: /^Bus/ })).toBeChecked()

  // A matrix: one answer per row.
  await next(page, { n: 5, total: 11 })
  const rows = [
    ['dem öffentlichen Nahverkehr', 'eher zufrieden'],
    ['den Radwegen', 'sehr unzufrieden'],
    ['den Gehwegen', 'sehr zufrieden'],
  ]
  const cell = ([row, col]: string[]) =>
    page.getByRole('group', { name: row }).getByRole('radio', { name: col, exact: true })
  await slowly(async () => {
    for (const r of rows) await cell(r).check()
  })
  for (const r of rows) await expect(cell(r)).toBeChecked()

  // The constant sum: what was typed is taken over as if typed now (the last one is reduced, the sliders follow).
  await next(page, { n: 6, total: 11 })
  await slowly(async () => {
    await page.getByRole('spinbutton', { name: 'Zu Fuß' }).fill('60')
    await page.getByRole('spinbutton', { name: 'Öffentlicher Verkehr' }).fill('50')
  })
  await expect(page.getByRole('slider', { name: 'Zu Fuß' })).toHaveValue('60')
  await expect(page.getByRole('spinbutton', { name: 'Öffentlicher Verkehr' })).toHaveValue('40')
  await expect(page.locator('.qtn-total')).toHaveText('Summe: 100 von 100 %')

  await next(page, { n: 7, total: 11 })
  await fillBox(page, /nächste Haltestelle/, '0,45')
  await next(page, { n: 8, total: 11 })
  await page.locator('input[type="date"]').fill(day(-400))

  // A place typed as coordinates; the map and "use my position" show once the JavaScript is there.
  await next(page, { n: 9, total: 11 })
  const where = page.getByRole('textbox', { name: 'Oder eine Adresse oder Koordinaten' })
  await slowly(() => where.fill('52.52, 13.405'))
  await expect(page.getByRole('button', { name: 'Meinen Standort verwenden' })).toBeVisible()
  await expect(where).toHaveValue('52.52, 13.405')

  await next(page, { n: 10, total: 11 })
  const fields = page.getByRole('textbox', { name: 'Oder eine Adresse oder Koordinaten' })
  await fields.nth(0).fill('52.51, 13.39')
  await fields.nth(1).fill('52.53, 13.41')
  await fields.nth(2).fill('52.50, 13.44')

  // Texts: the remaining characters count what was typed.
  await next(page, { n: 11, total: 11 })
  await slowly(async () => {
    await page.getByRole('textbox', { name: 'Beruf' }).fill('Lehrerin')
    await page.getByRole('textbox', { name: 'Branche' }).fill('Bildung')
  })
  await expect(page.getByText('Noch 52 Zeichen')).toBeVisible()
  await expect(page.getByText('Noch 53 Zeichen')).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Beruf' })).toHaveValue('Lehrerin')

  // Back through the questions: each shows what was saved.
  const back = async (n: number) => {
    await press(page, 'Zurück')
    await progress(page, n, 11)
  }
  await back(10)
  await back(9)
  await expect(question(page).locator('.qtn-place__now')).toContainText('52.52, 13.405')
  await back(8)
  await back(7)
  await back(6)
  await expect(page.getByRole('spinbutton', { name: 'Öffentlicher Verkehr' })).toHaveValue('40')
  await back(5)
  for (const r of rows) await expect(cell(r)).toBeChecked()
  await back(4)
  await expect(page.getByRole('checkbox', { name: 'Fahrrad' })).toBeChecked()
  await expect(page.getByRole('checkbox', { name: /^Bus/ })).toBeChecked()
  await back(3)
  await back(2)
  await expect(page.getByRole('radio', { name: 'Ja, ständig' })).toBeChecked()
  await back(1)
  await expect(persons).toHaveValue('3')
  // And forward to the end: the texts were saved too.
  for (let n = 2; n <= 11; n++) await next(page, { n, total: 11 })
  await expect(page.getByRole('textbox', { name: 'Beruf' })).toHaveValue('Lehrerin')
  await expect(page.getByRole('textbox', { name: 'Branche' })).toHaveValue('Bildung')
  await context.close()
})

test('a slider, a time and a long text answered before the page’s JavaScript arrives are kept and saved', async ({
  browser,
  js,
}) => {
  test.skip(!js, 'without JavaScript nothing hydrates: the fields are the browser’s alone')
  test.setTimeout(120_000)
  const b = idBase()
  const q = (n: number, type: string, introTxt: string, extra: Record<string, unknown> = {}) => ({
    id: b + n,
    type,
    introTxt,
    sortingIdx: n,
    subQuestions: [{ id: b + n * 10, answOpts: [{ id: b + n * 100 }] }],
    ...extra,
  })
  const campaign = {
    name: 'Langsames Telefon',
    startDate: day(-10),
    endDate: day(20),
    tripPurposes: [{ id: b + 1, name: 'Arbeit' }],
    questionnaires: [
      {
        id: b + 100,
        type: 'INITIAL',
        section: {
          id: b + 100,
          questions: [
            q(1, 'SINGLE_NUM_SLIDER', 'Wie zufrieden sind Sie?', { max: 10 }),
            q(2, 'TIME', 'Wann stehen Sie meist auf?', { mandatory: true }),
            q(3, 'TEXT', 'Anmerkungen?', { max: 200 }),
          ],
        },
      },
    ],
  }
  const id = (await admin('campaign:import', { data: campaign })).at(-1)!
  const { page, user, context } = await participantPage(browser, js, { campaign: false })
  await admin('campaign:assign', { campaign: id, email: user.email })
  const script = await holdJavaScript(context)
  const slowly = async (answer: () => Promise<void>) => {
    script.hold()
    await page.reload({ waitUntil: 'domcontentloaded' })
    await answer()
    script.release()
    await untilHydrated(page)
  }
  await page.goto('/campaign/questionnaire/initial', { waitUntil: 'domcontentloaded' })
  await progress(page, 1, 3)

  // The number box was typed into: the slider follows it once the JavaScript is there.
  await slowly(() => page.getByRole('spinbutton', { name: /Wie zufrieden/ }).fill('7'))
  await expect(page.getByRole('slider')).toHaveValue('7')
  await next(page, { n: 2, total: 3 })

  // Hour and minute: shown with two digits when leaving them, which only the JavaScript does.
  const hour = page.getByRole('textbox', { name: 'Stunde' })
  const minute = page.getByRole('textbox', { name: 'Minute' })
  await slowly(async () => {
    await hour.fill('7')
    await minute.fill('5')
  })
  await hour.focus()
  await hour.blur()
  await minute.focus()
  await minute.blur()
  await expect(hour).toHaveValue('07')
  await expect(minute).toHaveValue('05')
  await next(page, { n: 3, total: 3 })

  // Several lines: the remaining characters count them.
  const notes = page.getByRole('textbox', { name: 'Anmerkungen?' })
  await slowly(() => notes.fill('Zeile 1\nZeile 2'))
  await expect(page.getByText('Noch 185 Zeichen')).toBeVisible()
  await expect(notes).toHaveValue('Zeile 1\nZeile 2')

  // Back through the questions: each shows what was saved.
  await press(page, 'Zurück')
  await progress(page, 2, 3)
  await expect(hour).toHaveValue('07')
  await expect(minute).toHaveValue('05')
  await press(page, 'Zurück')
  await progress(page, 1, 3)
  await expect(page.getByRole('slider')).toHaveValue('7')
  await next(page, { n: 2, total: 3 })
  await next(page, { n: 3, total: 3 })
  await expect(notes).toHaveValue('Zeile 1\nZeile 2')
  await context.close()
})

test('a duration: hours and minutes, clamped to its range, stored and exported as minutes', async ({ browser, js }) => {
  test.setTimeout(120_000)
  const b = idBase()
  const q = (n: number, type: string, introTxt: string, extra: Record<string, unknown> = {}) => ({
    id: b + n,
    type,
    introTxt,
    sortingIdx: n,
    subQuestions: [{ id: b + n * 10, answOpts: [{ id: b + n * 100 }] }],
    ...extra,
  })
  const campaign = {
    name: 'Wartezeiten',
    startDate: day(-10),
    endDate: day(20),
    tripPurposes: [{ id: b + 1, name: 'Arbeit' }],
    questionnaires: [
      {
        id: b + 100,
        type: 'INITIAL',
        section: {
          id: b + 100,
          questions: [
            q(1, 'DURATION', 'Wie lange warten Sie morgens auf den Bus?', { mandatory: true, max: 120 }),
            q(2, 'SINGLE_ROW_TEXT', 'Ihre Haltestelle?'),
          ],
        },
      },
    ],
  }
  const id = Number((await admin('campaign:import', { data: campaign })).at(-1))
  const { page, user, context } = await participantPage(browser, js, { campaign: false })
  await admin('campaign:assign', { campaign: id, email: user.email })
  await page.goto('/campaign/questionnaire/initial')
  await progress(page, 1, 2)
  await checkA11y(page)
  const hours = page.getByRole('textbox', { name: 'Stunden' })
  const minutes = page.getByRole('textbox', { name: 'Minuten' })
  await expect(question(page)).toContainText('Erlaubt: 0 bis 120 Minuten')

  // Mandatory: Next without an answer is refused next to the question.
  await press(page, 'Weiter')
  await expect(question(page).locator('.field__error')).toHaveText('Bitte beantworten Sie diese Frage.')

  // Three hours is more than 120 minutes: clamped, and the page says so before moving on.
  await hours.fill('3')
  await press(page, 'Weiter')
  await expect(question(page)).toContainText('Der Wert wurde auf den erlaubten Bereich (0 bis 120) angepasst.')
  await expect(hours).toHaveValue('2')
  await expect(minutes).toHaveValue('0')

  // Minutes above 59 count on: 0 h 95 min is 1 h 35 min.
  await hours.fill('0')
  await minutes.fill('95')
  await next(page, { n: 2, total: 2 })
  await press(page, 'Zurück')
  await expect(hours).toHaveValue('1')
  await expect(minutes).toHaveValue('35')
  await next(page, { n: 2, total: 2 })
  await press(page, 'Umfrage abschließen')
  await toast(page, 'Vielen Dank für die Beantwortung des Eingangsfragebogens.')
  await context.close()

  // The research export holds the answer as whole minutes.
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-duration-'))
  try {
    await admin('export', { campaign: id, out })
    const [header, ...rows] = fs.readFileSync(path.join(out, 'answers.csv'), 'utf8').trim().split(/\r?\n/)
    const col = header.split(',')
    const cells = rows.map((r) => r.split(',')).find((c) => c[col.indexOf('question_id')] === String(b + 1))!
    expect(cells[col.indexOf('question_type')]).toBe('DURATION')
    expect(cells[col.indexOf('text')]).toBe('95')
  } finally {
    fs.rmSync(out, { recursive: true, force: true })
  }
})
