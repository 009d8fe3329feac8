// The scripted week of a participant who knows the app, shared by the e2e test that counts its taps (fewer-taps)
// and the bench that times it under phone conditions (bench/journey.ts): 30 one-leg ways over seven days, every fifth
// recorded by car but taken by bus, every third starting and ending away from the saved places (no suggestion: its
// purpose is chosen), yesterday without ways, and one way confirmed before. The review starts on the list: the empty
// day first, then always the first card of the unconfirmed tab (its mode fixed when wrong, a purpose chosen when none
// is suggested, confirmed).
// Every tap is a real click at the control's centre (a covered control fails the click); a select is clicked open
// the same way, and its option (drawn by the browser outside the page) is then chosen by its label.
import { expect, type Locator, type Page } from '@playwright/test'
import { day, recordedWay } from './fixtures'
import { acceptCookies, untilHydrated } from './page-helpers'

/** Counts taps, and times each one with what follows it until the next (or until `end()`). */
export class Taps {
  count = 0
  /** One per tap: what was tapped and the milliseconds until the next tap (or the end). */
  steps: { label: string; ms: number }[] = []
  private open: { label: string; at: number } | null = null
  private first: number | null = null
  private last = 0

  private mark(label: string | null) {
    const now = performance.now()
    this.first ??= now
    if (this.open) this.steps.push({ label: this.open.label, ms: Math.round(now - this.open.at) })
    this.open = label == null ? null : { label, at: now }
    this.last = now
  }
  async click(target: Locator, label = target.toString()) {
    this.count++
    this.mark(label)
    await target.click()
  }
  /** A select: one tap opens it (a real click, so a control drawn over it fails), one chooses. */
  async choose(select: Locator, option: string, label = `choose ${option}`) {
    this.count += 2
    this.mark(label)
    await select.click()
    await select.selectOption({ label: option })
  }
  /** A step that is not a tap (a page the script opens itself): timed, not counted. */
  also(label: string) {
    this.mark(label)
  }
  /** Closes the last step; the milliseconds from the first tap until now. */
  end(): number {
    this.mark(null)
    return this.first == null ? 0 : Math.round(this.last - this.first)
  }
}

export const card = (page: Page, id: number) => page.locator(`article[data-trip-id="${id}"]`)

/** Saved places at both ends of the test ways (52.52, 13.38 → 52.52, 13.39), added on the places page. */
export async function saveHomeAndWork(page: Page, js: boolean) {
  for (const [name, lat, lon] of [
    ['Zuhause', '52.52', '13.38'],
    ['Arbeit', '52.52', '13.39'],
  ] as const) {
    await page.goto('/pois?dialog=add')
    // Set-up, not the week: with JavaScript, the fields are filled once the form has hydrated (once, in the bench, a
    // name typed while the form hydrated was lost; typing before the scripts arrive has a test of its own).
    if (js) await untilHydrated(page)
    const add = page.locator('#add')
    await add.getByLabel('Name', { exact: true }).fill(name)
    await add.getByLabel('Breitengrad').fill(lat)
    await add.getByLabel('Längengrad').fill(lon)
    await add.getByRole('button', { name: 'Ort speichern' }).click()
    await expect(page.getByText('Ort gespeichert.')).toBeVisible()
  }
}

/** A one-leg way of the week: `hour` on day `d`, between the two saved places or (`away`) between unsaved spots. */
const weekWay = (d: string, hour: number, mode: string, away: boolean) => {
  const hm = (m: number) => `${String(hour).padStart(2, '0')}:${String(m).padStart(2, '0')}`
  const lat = away ? 48.1 : 52.52
  return recordedWay(
    [
      {
        startTime: `${d} ${hm(0)}`,
        endTime: `${d} ${hm(20)}`,
        geom: [
          { lat, lon: 13.38 },
          { lat: lat + 0.001, lon: 13.385 },
          { lat, lon: 13.39 },
        ],
        tfcModes: [mode],
      },
    ],
    {},
    d,
  )
}

/** The week's trips file: one way confirmed nine days ago, then days 0 and -2 … -7 with the 30 ways (4 or 5 a day). */
export function weekTrips() {
  const days = [0, -2, -3, -4, -5, -6, -7].map((o) => day(o))
  const ways = Array.from({ length: 30 }, (_, i) =>
    weekWay(days[i % days.length]!, 7 + Math.floor(i / days.length) * 3, i % 5 === 4 ? 'CAR' : 'WALK', i % 3 === 2),
  )
  const earlier = recordedWay(
    [{ tfcModes: ['WALK'], tripPurposes: [1] }],
    { validationStatus: true, confirmationStatus: true },
    day(-9),
  )
  return [earlier, ...ways]
}

/** Before the first tap: the saved places, then the list with the cookie notice answered. */
export async function prepareWeek(page: Page, js: boolean) {
  await saveHomeAndWork(page, js)
  await page.goto('/ways/list/all/page/1')
  await acceptCookies(page)
}

/** The review, from the list `prepareWeek` left open; the taps each part took. */
export async function reviewWeek(page: Page, taps: Taps, timeout = 30_000) {
  const wait = expect.configure({ timeout })
  const spent = { fixed: 0, fixes: 0, confirms: 0, day: 0 }
  // The empty day: its card, then "not travelling".
  const before = taps.count
  await taps.click(
    page.locator(`#day-${day(-1)}`).getByRole('link', { name: /Keine Wege erfasst/ }),
    'empty day: open its card',
  )
  await wait(page.locator('#noTrips')).toBeVisible()
  await taps.click(
    page.locator('#noTrips').getByRole('button', { name: 'Ich war nicht unterwegs' }),
    'empty day: not travelling',
  )
  await wait(page.getByText('Tag ohne Wege gespeichert.')).toBeVisible()
  spent.day = taps.count - before
  // Then the ways, always the first card of the unconfirmed tab.
  taps.also('open the unconfirmed tab (not counted as a tap)')
  await page.goto('/ways/list/unconfirmed/page/1', { timeout })
  for (let n = 1; n <= 30; n++) {
    const first = page.locator('article[data-trip-id]').first()
    const id = Number(await first.getAttribute('data-trip-id', { timeout }))
    const way = card(page, id)
    const start = taps.count
    if ((await way.locator('.trip-card__mode').innerText({ timeout })).includes('Auto')) {
      await taps.click(way.getByRole('link', { name: /Verkehrsmittel ändern/ }), `way ${n}: open the mode picker`)
      await taps.click(page.locator('#mode').getByRole('button', { name: 'Bus' }), `way ${n}: pick Bus`)
      // The picker has closed and the card shows the new mode: the next tap can follow.
      await wait(page.locator('#mode')).toHaveCount(0)
      await wait(card(page, id).locator('.trip-card__mode')).toHaveText([/^Bus/])
      spent.fixes += taps.count - start
      spent.fixed++
    }
    const confirmStart = taps.count
    const select = card(page, id).getByRole('combobox', { name: 'Zweck' })
    if (!(await select.inputValue({ timeout }))) await taps.choose(select, 'Einkauf', `way ${n}: choose a purpose`)
    await taps.click(card(page, id).getByRole('button', { name: 'Bestätigen' }), `way ${n}: confirm`)
    await wait(card(page, id)).toHaveCount(0)
    spent.confirms += taps.count - confirmStart
  }
  await wait(page.locator('article[data-trip-id]')).toHaveCount(0)
  return spent
}
