// Visual review: screenshots of the main pages and of one question of each question type at 360×740 and
// 1280×800 in both JS modes, kept as artifacts of the run (test-results/…/screens), plus the checks a reviewer
// would make: no horizontal scrolling at 320 px, no layout shift while the page loads, sizes reserved for images
// and the map, and an axe run on each page.
import type { Page } from '@playwright/test'
import {
  test,
  expect,
  loginAs,
  DEMO,
  checkA11y,
  admin,
  participantPage,
  newParticipant,
  recordedWay,
  day,
} from './fixtures'
import { everyTypeCampaign, throughEachType } from './every-type-campaign'
import { acceptCookies } from './page-helpers'

const PAGES: [string, string][] = [
  ['login', '/user/login'],
  ['list', '/ways/list/all/page/1'],
  ['add-way', '/ways/add'],
  ['campaign-info', '/campaign/info'],
  ['questionnaire-initial', '/campaign/questionnaire/initial'],
  ['pois', '/pois'],
  ['faq', '/help/faq'],
]

const SIZES = [
  [360, 740],
  [1280, 800],
] as const

async function sideways(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
}

/** The first way of the demo list: its detail page. */
async function detailPath(page: Page) {
  await page.goto('/ways/list/all/page/1')
  return page.locator('a[href^="/ways/tripDetails/"]').first().getAttribute('href')
}

for (const [w, h] of SIZES) {
  test(`main pages at ${w}×${h}`, async ({ page, js }, testInfo) => {
    test.setTimeout(120_000)
    await page.setViewportSize({ width: w, height: h })
    await page.goto('/user/login')
    await page.screenshot({ path: testInfo.outputPath(`screens/${w}-${js ? 'js' : 'nojs'}-login.png`), fullPage: true })
    await loginAs(page, DEMO.email, DEMO.password)
    const detailHref = await detailPath(page)
    await acceptCookies(page)
    const pages = [...PAGES.slice(1), ...(detailHref ? ([['detail', detailHref]] as [string, string][]) : [])]
    for (const [name, path] of pages) {
      const res = await page.goto(path)
      expect(res?.status(), `${path} answers`).toBeLessThan(400)
      await page.screenshot({
        path: testInfo.outputPath(`screens/${w}-${js ? 'js' : 'nojs'}-${name}.png`),
        fullPage: true,
      })
      if (w === 360) expect(await sideways(page), `${path} scrolls sideways at ${w}px`).toBeLessThanOrEqual(0)
      await checkA11y(page)
    }
  })

  test(`one question of each type at ${w}×${h}`, async ({ browser, js }, testInfo) => {
    test.setTimeout(300_000)
    const { types, ...file } = everyTypeCampaign()
    const id = (await admin('campaign:import', { data: file })).at(-1)!
    const { page, user, context } = await participantPage(browser, js, { campaign: false })
    await admin('campaign:assign', { campaign: id, email: user.email })
    await page.setViewportSize({ width: w, height: h })
    await page.goto('/campaign/questionnaire/initial')
    await acceptCookies(page)
    await page.locator('fieldset.qtn-q input').first().fill('3')
    const shot = await throughEachType(page, async (type) => {
      // The step came by a form post (a navigation without JS): let it finish before the full-page capture.
      await page.waitForLoadState('load')
      await page.screenshot({
        path: testInfo.outputPath(`screens/${w}-${js ? 'js' : 'nojs'}-q-${type}.png`),
        fullPage: true,
      })
      if (w === 360) {
        expect(await sideways(page), `${type} scrolls sideways at 360px`).toBeLessThanOrEqual(0)
        await page.setViewportSize({ width: 320, height: 640 })
        expect(await sideways(page), `${type} scrolls sideways at 320px`).toBeLessThanOrEqual(0)
        await page.setViewportSize({ width: w, height: h })
      }
    })
    expect(shot).toEqual([...types].sort())
    await context.close()
  })
}

test('the ways list and a way’s page at 360 px, in German and in English', async ({ browser, js }, testInfo) => {
  test.setTimeout(120_000)
  const trips = [
    recordedWay([{ tfcModes: ['PUBLIC_TRANSPORT_BUS'] }, { tfcModes: ['WALK'] }], {}, day(-1)),
    recordedWay([{ tfcModes: ['BICYCLE'] }], {}, day(-2)),
  ]
  const { page, context } = await participantPage(browser, js, { trips })
  await page.setViewportSize({ width: 360, height: 740 })
  await acceptCookies(page)
  for (const [locale, lang] of [
    ['de_DE', 'de'],
    ['en_US', 'en'],
  ] as const) {
    await page.goto(`/ways/list/all/page/1?locale=${locale}`)
    await expect(page.locator('html')).toHaveAttribute('lang', new RegExp(`^${lang}`))
    await expect(page.locator('a[href^="/ways/tripDetails/"]').first()).toBeVisible()
    expect(await sideways(page), `the list scrolls sideways at 360 px (${lang})`).toBeLessThanOrEqual(0)
    await page.screenshot({
      path: testInfo.outputPath(`screens/360-${js ? 'js' : 'nojs'}-${lang}-list.png`),
      fullPage: true,
    })
    const href = await page.locator('a[href^="/ways/tripDetails/"]').first().getAttribute('href')
    await page.goto(href!)
    await expect(page.locator('html')).toHaveAttribute('lang', new RegExp(`^${lang}`))
    await expect(page.locator('h1')).toBeVisible()
    expect(await sideways(page), `the way's page scrolls sideways at 360 px (${lang})`).toBeLessThanOrEqual(0)
    await page.screenshot({
      path: testInfo.outputPath(`screens/360-${js ? 'js' : 'nojs'}-${lang}-way.png`),
      fullPage: true,
    })
  }
  await context.close()
})

test('nothing scrolls sideways at 320 px', async ({ page, js }) => {
  test.skip(!js, 'measured with JavaScript; the layout is the same without it')
  await page.setViewportSize({ width: 320, height: 640 })
  await loginAs(page, DEMO.email, DEMO.password)
  const detailHref = await detailPath(page)
  for (const path of [
    ...PAGES.map(([, p]) => p),
    detailHref!,
    '/pois?dialog=add#add',
    '/ways/list/all/page/1?dialog=noTrips',
  ]) {
    await page.goto(path)
    expect(await sideways(page), `${path} at 320px`).toBeLessThanOrEqual(0)
  }
})

test('images and the map have their size before they load; no layout shift', async ({ page, js }) => {
  await loginAs(page, DEMO.email, DEMO.password)
  const detailHref = await detailPath(page)
  for (const path of ['/ways/list/all/page/1', detailHref!, '/pois', '/campaign/info', '/help/faq']) {
    await page.goto(path)
    await page.waitForLoadState('load')
    // Every <img> reserves its box (width and height attributes, or a CSS aspect-ratio). Leaflet's tiles are left
    // out: absolutely placed with a size in their style, inside the map's box (checked below).
    const unsized = await page.locator('img').evaluateAll((imgs) =>
      imgs
        .filter((img) => !img.closest('.leaflet-container'))
        .filter(
          (img) =>
            !(img.getAttribute('width') && img.getAttribute('height')) && getComputedStyle(img).aspectRatio === 'auto',
        )
        .map((img) => img.outerHTML.slice(0, 80)),
    )
    expect(unsized, `images without a reserved size on ${path}`).toEqual([])
  }
  // The map keeps its box when Leaflet replaces the server-drawn route (JS), and the page does not move.
  await page.goto(detailHref!)
  const map = page.locator('.trip-map').first()
  await expect(map).toBeVisible()
  expect(
    await map.evaluate((el) => getComputedStyle(el).aspectRatio),
    'the map container reserves its height',
  ).not.toBe('auto')
  if (js) {
    const shift = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let total = 0
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
              if (!entry.hadRecentInput) total += entry.value
          }).observe({ type: 'layout-shift', buffered: true })
          setTimeout(() => resolve(total), 1500)
        }),
    )
    expect(shift, 'cumulative layout shift of the trip detail').toBeLessThan(0.05)
  }
})

test('scripts blocked (JavaScript on, every script fails to load): log in, add a way, open its dialogs', async ({
  browser,
  js,
}) => {
  test.skip(!js, 'the JS-off project covers JavaScript switched off')
  const context = await browser.newContext({ locale: 'de-DE', timezoneId: 'Europe/Berlin' })
  await context.route('**/*', (route) =>
    route.request().resourceType() === 'script' ? route.abort() : route.continue(),
  )
  const page = await context.newPage()
  const user = await newParticipant()
  await loginAs(page, user.email, user.password)
  await page.goto('/ways/add')
  await acceptCookies(page)
  // Each field of the summary jumps to its picker (shown by :target while nothing hydrates).
  await page.locator('a.way-field[href="#purposes"]').click()
  await page.locator('#purposes input[name="purposes"]').first().check()
  await page.locator('a.way-field[href="#modes"]').click()
  await page.locator('#modes input[name="tfcModes"]').first().check()
  await page.locator('.way-form__actions button[type="submit"]').click()
  await expect(page).toHaveURL(/\/ways\/list\/all\/\d+\/page\/1/)
  await expect(page.locator('.toast--success')).toBeVisible()
  // The new way's detail and a dialog that is a URL.
  const href = (await page.locator('a[href^="/ways/tripDetails/"]').first().getAttribute('href'))!
  await page.goto(`${href}?dialog=delete#delete`)
  await expect(page.locator('section#delete.dialog')).toBeVisible()
  await context.close()
})
