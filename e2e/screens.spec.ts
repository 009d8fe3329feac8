// Visual review (issue 12): screenshots of the main pages at 360×740 and 1280×800 in both JS modes, kept as
// artifacts of the run (test-results/…/screens), plus the checks a reviewer would make: no horizontal scrolling
// at 320 px and an axe run on each page.
import { test, expect, loginAs, DEMO, checkA11y } from './fixtures'

const PAGES: [string, string][] = [
  ['login', '/user/login'],
  ['list', '/ways/list/all/page/1'],
  ['add-way', '/ways/add'],
  ['campaign-info', '/campaign/info'],
  ['questionnaire-initial', '/campaign/questionnaire/initial'],
  ['pois', '/pois'],
  ['faq', '/help/faq'],
]

for (const [w, h] of [
  [360, 740],
  [1280, 800],
]) {
  test(`main pages at ${w}×${h}`, async ({ page, js }, testInfo) => {
    test.setTimeout(120_000)
    await page.setViewportSize({ width: w, height: h })
    await page.goto('/user/login')
    await page.screenshot({ path: testInfo.outputPath(`screens/${w}-login.png`), fullPage: true })
    await loginAs(page, DEMO.email, DEMO.password)
    // The first way of the list: its detail page.
    await page.goto('/ways/list/all/page/1')
    const detailHref = await page.locator('a[href^="/ways/tripDetails/"]').first().getAttribute('href')
    const pages = [...PAGES.slice(1), ...(detailHref ? ([['detail', detailHref]] as [string, string][]) : [])]
    for (const [name, path] of pages) {
      const res = await page.goto(path)
      expect(res?.status(), `${path} answers`).toBeLessThan(400)
      await page.screenshot({ path: testInfo.outputPath(`screens/${w}-${js ? 'js' : 'nojs'}-${name}.png`), fullPage: true })
      if (js && w === 360) {
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
        expect(overflow, `${path} scrolls sideways at ${w}px`).toBeLessThanOrEqual(0)
      }
      await checkA11y(page)
    }
  })
}

test('nothing scrolls sideways at 320 px', async ({ page, js }) => {
  test.skip(!js, 'measured with JavaScript; the layout is the same without it')
  await page.setViewportSize({ width: 320, height: 640 })
  await loginAs(page, DEMO.email, DEMO.password)
  for (const [, path] of PAGES) {
    await page.goto(path)
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
    expect(overflow, `${path} at 320px`).toBeLessThanOrEqual(0)
  }
})
