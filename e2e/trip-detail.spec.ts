// Trip detail, with JavaScript on and off: a fresh participant's way from Purpose through Validated
// (purposes, the traffic-mode selector across legs, confirm), leg deletion allowed and refused, copy and delete a
// way, the server-drawn SVG route without JavaScript and the Leaflet map (local tile stub) with it.
import type { Page, Response } from '@playwright/test'
import { test, expect, participantPage, checkA11y, BASE, day, recordedWay } from './fixtures'
import { acceptCookies, dialog, stepHeading, toast } from './page-helpers'

// Long flows with an axe check per page: triple the timeout (the machine is shared).
test.slow()

const way = recordedWay

/** The detail page of the participant's only (or first listed) way. */
async function openFirstWay(page: Page): Promise<number> {
  await page.goto('/ways/list/all/page/1')
  await acceptCookies(page)
  const href = await page.locator('a[href*="/ways/tripDetails/"]').first().getAttribute('href')
  const id = Number(href!.split('/').pop())
  await page.goto(`/ways/tripDetails/${id}`)
  await checkA11y(page)
  return id
}

const legItem = (page: Page, n: number) => page.locator('ol.leg-list > li').nth(n - 1)

/** A form post as a browser would send it (same origin, the session cookie of the page's context). */
async function post(page: Page, id: number, form: Record<string, string>) {
  return page.request.post(`${BASE}/ways/tripDetails/${id}`, { form, headers: { Origin: BASE }, maxRedirects: 0 })
}

test('a way from Purpose through Validated: purposes, modes per leg, confirm', async ({ browser, js }) => {
  const { page, context } = await participantPage(browser, js, {
    trips: [way([{ tfcModes: ['WALK'] }, { tfcModes: ['PUBLIC_TRANSPORT_BUS'] }, { tfcModes: ['WALK'] }])],
  })
  await openFirstWay(page)
  // No saved place at either end (and no geocoder): the way is named by its times; its purpose is still open.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('08:00 – 08:29')
  await expect(page.locator('.trip-detail__purpose')).toHaveText('Zweck noch offen')
  await expect(page.locator('.trip-facts')).toContainText('08:00 – 08:29')
  await expect(page.locator('.trip-facts')).toContainText('Unbestätigt')
  await expect(stepHeading(page)).toHaveText('Zweck angeben')
  // A wrong mode can be fixed in any step, before a purpose is chosen too: one link per leg.
  await expect(page.getByRole('link', { name: /Verkehrsmittel ändern/ })).toHaveCount(3)

  // Step 1: the purpose picker; nothing chosen → the error in the dialog; then two purposes for all legs.
  await page.getByRole('link', { name: 'Zweck wählen' }).click()
  await expect(dialog(page, 'purpose')).toBeVisible()
  await checkA11y(page)
  await dialog(page, 'purpose').getByRole('button', { name: 'Übernehmen' }).click()
  await expect(dialog(page, 'purpose')).toContainText('Bitte wählen Sie mindestens einen Zweck.')
  // A single pick replaces; several purposes are the explicit choice.
  await dialog(page, 'purpose').getByRole('link', { name: 'Mehrere Zwecke angeben …' }).click()
  await dialog(page, 'purpose').getByText('Arbeit', { exact: true }).click()
  await dialog(page, 'purpose').getByText('Einkauf', { exact: true }).click()
  await dialog(page, 'purpose').getByText('Freizeit', { exact: true }).click()
  await dialog(page, 'purpose').getByRole('button', { name: 'Übernehmen' }).click()
  await toast(page, 'Weg aktualisiert.')
  await expect(dialog(page, 'purpose')).toHaveCount(0)
  await expect(page.locator('.trip-detail__purpose')).toHaveText('Zweck: Arbeit, Einkauf, Freizeit')
  await expect(stepHeading(page)).toHaveText('Verkehrsmittel prüfen')
  // At most 2 purposes on a leg, then an ellipsis.
  await expect(legItem(page, 2).locator('.leg__facts')).toContainText('Arbeit, Einkauf…')
  // The purpose stays correctable until the way is confirmed (the step button, each leg, the step bar).
  await expect(page.getByRole('link', { name: 'Zweck ändern', exact: true })).toBeVisible()
  await expect(page.getByRole('link', { name: /Zweck ändern \(Etappe/ })).toHaveCount(3)
  await expect(page.locator('.step-progress').getByRole('link', { name: 'Zweck' })).toBeVisible()

  // Step 2: the traffic-mode selector across the legs (report in the first, back/next in between).
  await page.getByRole('link', { name: 'Verkehrsmittel ändern (Etappe 1)' }).click()
  const modes = dialog(page, 'modes')
  await expect(modes.getByRole('heading', { name: 'Verkehrsmittel: Etappe 1 von 3' })).toBeVisible()
  await checkA11y(page)
  await expect(modes.getByRole('link', { name: 'Fehler melden' })).toBeVisible()
  await expect(modes.getByRole('button', { name: 'Vorherige Etappe' })).toHaveCount(0)
  // The likely modes first; the unclear ones explained; OK is the primary action.
  await expect(modes.locator('.mode-choice').nth(0)).toContainText('Zu Fuß')
  await expect(modes.locator('.mode-choice').nth(1)).toContainText('Auto')
  await expect(modes.getByText('Sie waren an einem Ort, ohne sich fortzubewegen (z. B. Warten).')).toBeVisible()
  await expect(modes.getByRole('button', { name: 'OK' })).toHaveClass(/btn--primary/)
  await expect(modes.getByRole('radio', { name: 'Zu Fuß' })).toBeChecked()
  await modes.getByRole('button', { name: 'Nächste Etappe' }).click()
  await expect(modes.getByRole('heading', { name: 'Verkehrsmittel: Etappe 2 von 3' })).toBeVisible()
  await expect(modes.getByRole('radio', { name: 'Bus' })).toBeChecked()
  await modes.getByText('Bus', { exact: true }).click()
  await modes.getByText('Bahn', { exact: true }).click()
  await modes.getByRole('button', { name: 'Nächste Etappe' }).click()
  await expect(modes.getByRole('heading', { name: 'Verkehrsmittel: Etappe 3 von 3' })).toBeVisible()
  await expect(modes.getByRole('button', { name: 'Nächste Etappe' })).toHaveCount(0)
  await modes.getByRole('button', { name: 'Vorherige Etappe' }).click()
  await expect(modes.getByRole('heading', { name: 'Verkehrsmittel: Etappe 2 von 3' })).toBeVisible()
  await expect(modes.getByRole('radio', { name: 'Bahn' })).toBeChecked() // saved on "Next"
  await expect(modes.getByRole('radio', { name: 'Bus' })).not.toBeChecked()
  await modes.getByRole('button', { name: 'Nächste Etappe' }).click()
  await expect(modes.getByRole('heading', { name: 'Verkehrsmittel: Etappe 3 von 3' })).toBeVisible()
  await modes.getByText('Zu Fuß', { exact: true }).click()
  await modes.getByText('Fahrrad', { exact: true }).click()
  await modes.getByRole('button', { name: 'OK' }).click()
  await toast(page, 'Etappe aktualisiert.')
  await expect(dialog(page, 'modes')).toHaveCount(0)
  await expect(page.locator('.leg__facts .mode-list')).toHaveText(['Zu Fuß', 'Bahn', 'Fahrrad'])
  await expect(page.locator('.route-svg [data-mode]')).toHaveCount(3)
  await expect(page.locator('.route-svg g[data-mode="PUBLIC_TRANSPORT_TRAIN"]')).toHaveCount(1)

  // The step button opens the confirm dialog; confirming validates every leg; no questionnaire → Validated.
  await page.getByRole('link', { name: 'Weg bestätigen' }).click()
  await expect(dialog(page, 'confirm')).toBeVisible()
  await dialog(page, 'confirm').getByRole('button', { name: 'Weg bestätigen' }).click()
  await toast(page, 'Weg bestätigt.')
  await expect(stepHeading(page)).toHaveText('Weg abgeschlossen')
  await expect(page.locator('.trip-facts')).toContainText('Bestätigt')
  // Read-only for good: no editing, no deleting.
  await expect(page.getByRole('link', { name: /ändern/ })).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Diesen Weg löschen' })).toHaveCount(0)
  await checkA11y(page)
  await context.close()
})

test('leg deletion: first or last only, never the only leg; a stale form is refused', async ({ browser, js }) => {
  const { page, context } = await participantPage(browser, js, {
    trips: [way([{ tfcModes: ['WALK'] }, { tfcModes: ['PUBLIC_TRANSPORT_BUS'] }, { tfcModes: ['BICYCLE'] }])],
  })
  const id = await openFirstWay(page)
  const legIds = await page
    .locator('ol.leg-list > li')
    .evaluateAll((els) => els.map((e) => Number(e.id.replace('leg-', ''))))
  const version = await page.locator('input[name="version"]').first().inputValue()
  await expect(legItem(page, 1).getByRole('link', { name: 'Löschen (Etappe 1)' })).toBeVisible()
  await expect(legItem(page, 2).getByRole('link', { name: /^Löschen/ })).toHaveCount(0)
  await expect(legItem(page, 3).getByRole('link', { name: 'Löschen (Etappe 3)' })).toBeVisible()

  // Refused: the middle leg (a forged post), and an unknown intent.
  const middle = await post(page, id, { intent: 'delete-leg', legId: String(legIds[1]), version })
  expect(middle.status()).toBe(302)
  await page.goto(`/ways/tripDetails/${id}`)
  await toast(page, 'Nur die erste oder die letzte Etappe kann gelöscht werden.')
  await expect(page.locator('ol.leg-list > li')).toHaveCount(3)
  expect((await post(page, id, { intent: 'bogus', version })).status()).toBe(400)

  // Allowed: the first leg, after confirming; the next one becomes the start.
  await legItem(page, 1).getByRole('link', { name: 'Löschen (Etappe 1)' }).click()
  await expect(dialog(page, 'delete-leg')).toBeVisible()
  await checkA11y(page)
  await dialog(page, 'delete-leg').getByRole('button', { name: 'Etappe löschen' }).click()
  await toast(page, 'Etappe gelöscht.')
  await expect(page.locator('ol.leg-list > li')).toHaveCount(2)
  await expect(legItem(page, 1)).toContainText('08:10 – 08:19')
  await expect(legItem(page, 1).locator('.leg__ends')).toHaveText('Start')
  await expect(page.locator('.trip-facts')).toContainText('08:10 – 08:29')

  // A second tab still showing the old version: refused, nothing deleted.
  const stale = await post(page, id, { intent: 'delete-leg', legId: String(legIds[2]), version })
  expect(stale.status()).toBe(302)
  await page.goto(`/ways/tripDetails/${id}`)
  await toast(page, 'Der Weg wurde inzwischen an anderer Stelle geändert.')
  await expect(page.locator('ol.leg-list > li')).toHaveCount(2)

  // Down to one leg: no delete control, and a forged post is refused.
  await legItem(page, 2).getByRole('link', { name: 'Löschen (Etappe 2)' }).click()
  await dialog(page, 'delete-leg').getByRole('button', { name: 'Etappe löschen' }).click()
  await toast(page, 'Etappe gelöscht.')
  await expect(page.locator('ol.leg-list > li')).toHaveCount(1)
  await expect(page.getByRole('link', { name: /^Löschen/ })).toHaveCount(0)
  const current = await page.locator('input[name="version"]').first().inputValue()
  await post(page, id, { intent: 'delete-leg', legId: String(legIds[1]), version: current })
  await page.goto(`/ways/tripDetails/${id}`)
  await toast(page, 'Die einzige Etappe eines Weges kann nicht gelöscht werden.')
  await expect(page.locator('ol.leg-list > li')).toHaveCount(1)
  await context.close()
})

test('copy a leg, copy a way and delete a way', async ({ browser, js }) => {
  const { page, context } = await participantPage(browser, js, {
    trips: [way([{ tfcModes: ['CAR'] }, { tfcModes: ['WALK'] }])],
  })
  const id = await openFirstWay(page)
  await legItem(page, 1).getByRole('button', { name: 'Kopieren (Etappe 1)' }).click()
  await toast(page, 'Etappe kopiert.')
  await expect(page.locator('.leg__facts .mode-list')).toHaveText(['Auto', 'Auto', 'Zu Fuß'])
  await expect(legItem(page, 2)).toHaveClass(/leg--selected/)

  await page.getByRole('button', { name: 'Weg kopieren' }).click()
  await toast(page, 'Weg kopiert.')
  await expect(page).not.toHaveURL(new RegExp(`/ways/tripDetails/${id}$`))
  await expect(page).toHaveURL(/\/ways\/tripDetails\/\d+$/)
  await expect(page.locator('ol.leg-list > li')).toHaveCount(3)
  await expect(page.locator('.trip-facts')).toContainText('Unbestätigt')

  await page.getByRole('link', { name: 'Diesen Weg löschen' }).click()
  await expect(dialog(page, 'delete')).toBeVisible()
  await checkA11y(page)
  await dialog(page, 'delete').getByRole('button', { name: 'Weg löschen' }).click()
  await expect(page).toHaveURL(/\/ways\/list\/all\/page\/1$/)
  await toast(page, 'Weg gelöscht.')
  // The original is still there.
  await expect(page.locator(`a[href$="/ways/tripDetails/${id}"]`)).toHaveCount(1)
  await expect(page.locator('a[href*="/ways/tripDetails/"]')).toHaveCount(1)
  await context.close()
})

test('the map: an SVG route from the server; Leaflet only on this page and only with JavaScript', async ({
  browser,
  js,
}) => {
  const { page, context } = await participantPage(browser, js, {
    trips: [
      way([{ tfcModes: ['WALK'] }, { tfcModes: ['PUBLIC_TRANSPORT_TRAIN'] }]),
      way([{ geom: [], tfcModes: ['CAR'], startTime: `${day(-1)} 12:00`, endTime: `${day(-1)} 13:00` }], {
        creationType: 'CREATED_MANUALLY',
      }),
    ],
  })
  const leafletResponses: string[] = []
  page.on('response', (r: Response) => {
    if (/leaflet/i.test(r.url())) leafletResponses.push(r.url())
  })
  await page.goto('/ways/list/all/page/1')
  await acceptCookies(page)
  await page.waitForLoadState('networkidle')
  expect(leafletResponses, 'the list page loads no map code').toEqual([])
  // Newest first: the manual way (12:00) before the recorded one (08:00).
  const [manual, routed] = await page
    .locator('a[href*="/ways/tripDetails/"]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('href')!))
  await page.goto(routed)
  await checkA11y(page)
  const svg = page.getByRole('img', { name: /Route des Weges/ })
  await expect(svg).toBeVisible()
  await expect(svg.locator('desc')).toHaveText('Route mit 2 Etappen von 08:00 bis 08:19: Zu Fuß, Bahn.')
  await expect(svg.locator('.route-svg__line')).toHaveCount(2)
  await expect(svg.locator('.route-svg__start')).toHaveCount(1)
  await expect(svg.locator('.route-svg__end')).toHaveCount(1)
  await expect(page.locator('.map-legend')).toContainText('Bahn')

  // The drawing has a scale bar (no streets tell the distances).
  await expect(svg.locator('.route-svg__scale')).toContainText(/^\d+ (m|km)$/)
  if (js) {
    await expect(page.locator('.trip-map[data-map="leaflet"] .leaflet-container')).toBeVisible()
    await expect(page.locator('img.leaflet-tile-loaded').first()).toBeVisible()
    // The tiles show: the tile server is credited, and no line says the background map is missing.
    await expect(page.locator('.leaflet-control-attribution')).toContainText('© OpenStreetMap contributors')
    await expect(page.locator('.trip-map__note')).toHaveCount(0)
    await checkA11y(page)
  } else {
    await expect(page.locator('.leaflet-container')).toHaveCount(0)
    expect(leafletResponses).toEqual([])
    await expect(page.locator('.trip-map__note')).toHaveText(/Die Hintergrundkarte konnte nicht geladen werden/)
  }
  // Selecting a leg highlights it (list, SVG and Leaflet).
  await legItem(page, 2).getByRole('link', { name: 'Auf der Karte zeigen (Etappe 2)' }).click()
  await expect(legItem(page, 2)).toHaveClass(/leg--selected/)
  await expect(legItem(page, 2)).toContainText('Auf der Karte hervorgehoben')
  await expect(page.locator('.route-svg g[data-mode="PUBLIC_TRANSPORT_TRAIN"] .route-svg__line')).toHaveAttribute(
    'stroke-width',
    '8',
  )
  if (js) await expect(page.locator('.leaflet-container path.leg-line[stroke-width="8"]')).toHaveCount(1)

  // No geometry: the SVG says so (and Leaflet shows the default centre).
  await page.goto(manual)
  await expect(page.locator('.route-svg')).toContainText('Für diesen Weg wurde keine Route aufgezeichnet.')
  await expect(page.locator('.trip-facts')).not.toContainText('Strecke')

  // English.
  await page.goto(`${routed}?locale=en_US`)
  await expect(stepHeading(page)).toHaveText('Give the purpose')
  await expect(page.getByRole('img', { name: /Route of the way/ }).locator('desc')).toHaveText(
    'Route of 2 legs from 08:00 to 08:19: Walk, Train.',
  )
  await checkA11y(page)
  await context.close()
})

test('without map tiles the route names its start after a saved place, has a scale bar and says the background map is missing', async ({
  browser,
  js,
}) => {
  const { page, context } = await participantPage(browser, js, {
    trips: [way([{ tfcModes: ['WALK'] }, { tfcModes: ['PUBLIC_TRANSPORT_TRAIN'] }])],
  })
  await context.route('**/test-tiles/**', (route) => route.abort())
  // A saved place 40 m from where the way starts (52.52, 13.38).
  await page.goto('/pois?dialog=add')
  const add = page.locator('#add')
  // With JavaScript, the map has tried to load and stepped aside (typing before that is tested with the places).
  if (js) await expect(add.getByText(/Die Karte konnte nicht geladen werden/)).toBeVisible()
  await add.getByLabel('Name', { exact: true }).fill('Zuhause')
  await add.getByLabel('Breitengrad').fill('52.5203')
  await add.getByLabel('Längengrad').fill('13.3803')
  await add.getByRole('button', { name: 'Ort speichern' }).click()
  await expect(page.getByText('Ort gespeichert.')).toBeVisible()
  await page.goto('/ways/list/all/page/1')
  await page.locator('a[href*="/ways/tripDetails/"]').first().click()
  const svg = page.getByRole('img', { name: /Route des Weges/ })
  await expect(svg.locator('.route-svg__label--start')).toHaveText('Zuhause')
  // The end is at no saved place, and the geocoder is unreachable in the e2e server: no name is made up.
  await expect(svg.locator('.route-svg__label--end')).toHaveCount(0)
  await expect(page.locator('.map-legend')).toContainText('Start: Zuhause')
  await expect(svg.locator('.route-svg__scale')).toContainText(/^\d+ (m|km)$/)
  await expect(page.locator('.trip-map__note')).toHaveText(
    'Die Hintergrundkarte konnte nicht geladen werden: Die Route ist ohne Straßen gezeichnet, Start und Ziel sind beschriftet.',
  )
  await expect(page.locator('.trip-map')).toHaveAttribute('data-map', 'svg')
  await checkA11y(page)
  await context.close()
})

test("a reported way opens read-only and its report can be withdrawn there; another participant's way is not found", async ({
  browser,
  js,
}) => {
  const { page, context } = await participantPage(browser, js, {
    trips: [
      way([{}], { fdbkAvail: true, trpFdbkReasonIds: [1] }),
      way([{ startTime: `${day(-1)} 12:00`, endTime: `${day(-1)} 12:30` }]),
    ],
  })
  await page.goto('/ways/list/all/page/1')
  const [open, reported] = await page
    .locator('[data-trip-id]')
    .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-trip-id'))))
  await page.goto(`/ways/tripDetails/${reported}`)
  await expect(page.locator('.trip-facts')).toContainText('Als fehlerhaft gemeldet')
  await expect(page.getByRole('link', { name: 'Zweck wählen' })).toHaveCount(0)
  await page.getByRole('button', { name: 'Meldung zurückziehen' }).click()
  await expect(page).toHaveURL(new RegExp(`/ways/tripDetails/${reported}$`))
  await expect(page.getByRole('button', { name: 'Meldung zurückziehen' })).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Zweck wählen' })).toBeVisible()
  const other = await participantPage(browser, js, { trips: [way([{}])] })
  for (const id of [open, reported]) {
    const res = await other.page.goto(`/ways/tripDetails/${id}`)
    expect(res?.status()).toBe(404)
  }
  expect((await other.page.goto('/ways/tripDetails/abc'))?.status()).toBe(404)
  await other.context.close()
  await context.close()
})
