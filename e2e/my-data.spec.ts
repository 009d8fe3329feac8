// Research data out, with JavaScript on and off: a participant downloads everything stored about them
// from the user menu ("Meine Daten herunterladen", a plain link), and the researcher's export runs inside the
// running server (the CLI hands it over /admin/cli) and writes valid GeoJSON that holds that participant's legs.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { test, expect, participantPage, checkA11y, admin, uniqueEmail, day } from './fixtures'

/** A way of two legs (walk, bus) starting at `hour` yesterday. */
function way(hour: number) {
  const d = day(-1)
  const hm = (h: number, m: number) => `${d} ${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`
  const line = (i: number) => [
    { lat: 52.52, lon: 13.38 + i * 0.01 },
    { lat: 52.521, lon: 13.385 + i * 0.01 },
    { lat: 52.52, lon: 13.39 + i * 0.01 },
  ]
  return {
    legs: [
      { startTime: hm(hour, 0), endTime: hm(hour, 9), geom: line(0), tfcModes: ['WALK'] },
      { startTime: hm(hour, 10), endTime: hm(hour, 30), geom: line(1), tfcModes: ['PUBLIC_TRANSPORT_BUS'] },
    ],
  }
}

type Geometry = { type: string; coordinates: [number, number][] } | null

test('"Download my data" in the user menu gives a JSON file with the participant\'s ways', async ({ browser, js }) => {
  const { page, user, context } = await participantPage(browser, js, { trips: [way(8), way(17)] })
  await page.goto('/help/faq')
  await checkA11y(page)
  await page.locator('details.side-menu--persistent > summary').click()
  const link = page.getByRole('link', { name: 'Meine Daten herunterladen' })
  await expect(link).toBeVisible()
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()])
  expect(download.suggestedFilename()).toMatch(/^travel-diary-my-data-\d{4}-\d\d-\d\d\.json$/)
  const data = JSON.parse(fs.readFileSync((await download.path())!, 'utf8'))

  expect(data.profile.email).toBe(user.email)
  expect(JSON.stringify(data)).not.toMatch(/password_?hash|token_?hash/i)
  expect(data.ways).toHaveLength(2)
  for (const w of data.ways) {
    expect(w.legs).toHaveLength(2)
    expect(w.legs.map((l: { confirmed_mode_names: string[] }) => l.confirmed_mode_names[0])).toEqual(['Zu Fuß', 'Bus'])
    for (const l of w.legs as { geometry: Geometry }[]) {
      expect(l.geometry?.type).toBe('LineString')
      expect(l.geometry!.coordinates[0]).toEqual([13.38 + (l === w.legs[0] ? 0 : 0.01), 52.52])
    }
  }
  expect(data.sessions.some((s: { current: boolean }) => s.current)).toBe(true)
  // The page is still there (the link downloaded, it did not navigate away).
  await expect(page).toHaveURL(/\/help\/faq/)
  await context.close()
})

test("the researcher export runs inside the server and holds the participant's legs as valid GeoJSON", async ({
  js,
}) => {
  test.skip(!js, 'no browser involved: once is enough')
  const email = uniqueEmail('export')
  const created = await admin('user:create', { email, password: 'secret123', verified: true, campaign: 1 })
  const pseudonym = /pseudonym (\S+?)[,)]/.exec(created[0])![1]
  await admin('trips:import', { email, data: [way(8), way(17)] })
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-export-'))
  try {
    const lines = await admin('export', { campaign: 1, out })
    const counts = /(\d+) ways, (\d+) legs/.exec(lines[0])!
    const fc = JSON.parse(fs.readFileSync(path.join(out, 'trips.geojson'), 'utf8')) as {
      type: string
      features: { type: string; geometry: Geometry; properties: Record<string, unknown> }[]
    }
    expect(fc.type).toBe('FeatureCollection')
    expect(fc.features).toHaveLength(Number(counts[2]))
    for (const f of fc.features) {
      expect(f.type).toBe('Feature')
      expect(typeof f.properties).toBe('object')
      if (f.geometry === null) continue
      expect(f.geometry.type).toBe('LineString')
      expect(f.geometry.coordinates.length).toBeGreaterThanOrEqual(2)
      for (const [lon, lat] of f.geometry.coordinates) {
        expect(Math.abs(lon)).toBeLessThanOrEqual(180)
        expect(Math.abs(lat)).toBeLessThanOrEqual(90)
      }
    }
    const own = fc.features.filter((f) => f.properties.participant_id === pseudonym)
    expect(own.map((f) => f.properties.confirmed_modes)).toEqual([
      'WALK',
      'PUBLIC_TRANSPORT_BUS',
      'WALK',
      'PUBLIC_TRANSPORT_BUS',
    ])
    expect(own[0].geometry!.coordinates[0]).toEqual([13.38, 52.52])
    const tripsCsv = fs.readFileSync(path.join(out, 'trips.csv'), 'utf8')
    expect(tripsCsv.split('\r\n').filter((l) => l.startsWith(pseudonym + ','))).toHaveLength(2)
    for (const name of fs.readdirSync(out))
      expect(fs.readFileSync(path.join(out, name), 'utf8'), name).not.toContain(email)
  } finally {
    fs.rmSync(out, { recursive: true, force: true })
  }
})
