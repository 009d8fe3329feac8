// Permissions of the page routes: participant B opens participant A's way, A's manual way for editing, A's place image,
// and posts every intent of the pages with A's ids (as a plain form post; with JavaScript also as React Router's
// data request). Nothing of A's is shown, nothing of A's changes, and no request makes the server fail.
import { BASE, api, expect, newParticipant, participantPage, test } from './fixtures'

const day = (d: number) => new Date(Date.now() - d * 86_400_000).toISOString().slice(0, 10)
const leg = (d: number, from: string, to: string, extra: Record<string, unknown> = {}) => ({
  startTime: `${day(d)} ${from}`,
  endTime: `${day(d)} ${to}`,
  tfcModes: ['WALK'],
  geom: [
    { lat: 52.5, lon: 13.4 },
    { lat: 52.51, lon: 13.41 },
  ],
  ...extra,
})
const waysOf = (marker: string) => [
  { name: `${marker} open`, legs: [leg(2, '08:00', '08:10'), leg(2, '08:11', '08:20'), leg(2, '08:21', '08:30')] },
  {
    name: `${marker} confirmed`,
    validationStatus: true,
    confirmationStatus: true,
    qtnAnswered: false,
    allQuestionsAnswered: false,
    legs: [leg(3, '09:00', '09:10', { validationStatus: true })],
  },
  { name: `${marker} manual`, creationType: 'CREATED_MANUALLY', legs: [leg(4, '10:00', '10:30')] },
  { name: `${marker} reported`, fdbkAvail: true, legs: [leg(5, '11:00', '11:30')] },
]

interface Owner {
  session: string
  marker: string
  trips: { open: number; confirmed: number; manual: number; reported: number }
  legs: { open: number[]; manual: number }
  poi: number
}

/** A participant with ways in every state and a place, and their ids (through the JSON endpoint). */
async function owner(marker: string): Promise<Owner> {
  const user = await newParticipant({ trips: waysOf(marker) })
  const session = (await api('user', 'login', { idStr: user.email, password: user.password })).session as string
  const { trps } = (await api('trip', 'getTrips', { session, fetchNext: 50 })) as {
    trps: { id: number; ownName: string | null; legs: { id: number }[] }[]
  }
  const byName = (s: string) => trps.find((t) => t.ownName === `${marker} ${s}`)!
  const { poi } = (await api('user', 'addPoi', {
    session,
    poi: { name: `${marker} home`, lat: 52.52, lon: 13.4 },
  })) as { poi: { id: number } }
  return {
    session,
    marker,
    trips: {
      open: byName('open').id,
      confirmed: byName('confirmed').id,
      manual: byName('manual').id,
      reported: byName('reported').id,
    },
    legs: { open: byName('open').legs.map((l) => l.id), manual: byName('manual').legs[0]!.id },
    poi: poi.id,
  }
}

/** Everything of A's that a post could change. */
async function snapshot(a: Owner) {
  return JSON.stringify([
    await api('trip', 'getTrips', { session: a.session, fetchNext: 50 }),
    await api('user', 'getPois', { session: a.session }),
  ])
}

test('B opens nothing of A: way details, questionnaire, manual edit, place image', async ({ browser, js }) => {
  const a = await owner(`A-SECRET-${Date.now().toString(36)}`)
  const { page, context } = await participantPage(browser, js)
  for (const id of Object.values(a.trips)) {
    const res = await page.goto(`/ways/tripDetails/${id}`)
    // 404, or (a reported way) the redirect to the list with the error toast: either way none of A's data.
    expect([200, 404]).toContain(res!.status())
    expect(await page.content()).not.toContain(a.marker)
  }
  const notFound = await page.goto(`/ways/tripDetails/${a.trips.open}`)
  expect(notFound!.status()).toBe(404)
  await page.goto(`/ways/tripDetails/${a.trips.confirmed}?view=questionnaire`)
  expect(await page.content()).not.toContain(a.marker)
  await page.goto(`/ways/edit/${a.trips.manual}`)
  await expect(page).not.toHaveURL(new RegExp(`/ways/edit/${a.trips.manual}`))
  expect(await page.content()).not.toContain(a.marker)
  const image = await page.request.get(`/static-map/${a.poi}`)
  expect(image.status()).toBe(404)
  await page.goto('/pois')
  expect(await page.content()).not.toContain(a.marker)
  await page.goto('/ways/list/all/page/1')
  expect(await page.content()).not.toContain(a.marker)
  await context.close()
})

test("B's posts with A's ids change nothing of A's", async ({ browser, js }) => {
  const a = await owner(`A-SECRET-${Date.now().toString(36)}`)
  const { page, context } = await participantPage(browser, js, { trips: waysOf('B-OWN') })
  // B's own ways, for posts that mix B's way with A's legs.
  await page.goto('/ways/list/all/page/1')
  const bWay = Number(/\/ways\/tripDetails\/(\d+)/.exec(await page.content())?.[1])
  expect(bWay).toBeGreaterThan(0)
  const before = await snapshot(a)

  const detail = (id: number) => `/ways/tripDetails/${id}`
  const [first, , last] = a.legs.open
  const posts: [string, Record<string, string>][] = [
    [detail(a.trips.open), { intent: 'set-purposes', purposes: '1', version: '1' }],
    [detail(a.trips.open), { intent: 'set-leg-purposes', legId: String(first), purposes: '1', version: '1' }],
    [detail(a.trips.open), { intent: 'set-leg-modes', legId: String(first), tfcModes: 'CAR', version: '1' }],
    [detail(a.trips.open), { intent: 'confirm', version: '1' }],
    [detail(a.trips.confirmed), { intent: 'complete', version: '1' }],
    [detail(a.trips.open), { intent: 'delete-leg', legId: String(last), version: '1' }],
    [detail(a.trips.open), { intent: 'copy-leg', legId: String(first), version: '1' }],
    [detail(a.trips.open), { intent: 'copy-trip', version: '1' }],
    [detail(a.trips.open), { intent: 'delete-trip', version: '1' }],
    [
      detail(a.trips.open),
      { intent: 'report', tripId: String(a.trips.open), trpFdbkReasonIds: '1', returnTo: '/ways' },
    ],
    [detail(a.trips.reported), { intent: 'withdraw-report', tripId: String(a.trips.reported), returnTo: '/ways' }],
    // B's own way, A's legs and ways in the fields.
    [detail(bWay), { intent: 'set-leg-purposes', legId: String(first), purposes: '1' }],
    [detail(bWay), { intent: 'set-leg-modes', legId: String(first), tfcModes: 'CAR' }],
    [detail(bWay), { intent: 'delete-leg', legId: String(last) }],
    [detail(bWay), { intent: 'copy-leg', legId: String(first) }],
    [detail(bWay), { intent: 'report', tripId: String(a.trips.open), trpFdbkReasonIds: '1', returnTo: '/ways' }],
    [detail(bWay), { intent: 'withdraw-report', tripId: String(a.trips.reported), returnTo: '/ways' }],
    ['/ways/list/all/page/1', { intent: 'report', tripId: String(a.trips.open), trpFdbkReasonIds: '1' }],
    ['/ways/list/all/page/1', { intent: 'withdraw-report', tripId: String(a.trips.reported) }],
    ['/pois', { intent: 'update', id: String(a.poi), name: 'taken over', lat: '1', lon: '1' }],
    ['/pois', { intent: 'delete', id: String(a.poi) }],
    [
      `/ways/edit/${a.trips.manual}`,
      {
        startDate: day(4),
        endDate: day(4),
        startHour: '06',
        startMinute: '00',
        endHour: '07',
        endMinute: '00',
        tfcModes: 'CAR',
        purposes: '1',
      },
    ],
    [`${detail(a.trips.confirmed)}/questionnaire`, { intent: 'next' }],
    [`${detail(a.trips.confirmed)}/questionnaire`, { intent: 'complete' }],
  ]
  for (const [path, fields] of posts) {
    // Without JavaScript the browser posts the form to the page; with it, React Router posts to the .data URL.
    const targets = js ? [path, path.replace(/(\?|$)/, '.data$1')] : [path]
    for (const target of targets) {
      const res = await page.request.post(target, { form: fields, headers: { Origin: BASE }, maxRedirects: 0 })
      expect(res.status(), `${target} ${JSON.stringify(fields)}`).toBeLessThan(500)
      expect(await res.text(), `${target} answered A's data`).not.toContain(a.marker)
    }
  }
  expect(await snapshot(a), "A's ways and places").toBe(before)
  await context.close()
})
