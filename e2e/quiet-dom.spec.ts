// A tap changes what it concerns and leaves the rest of the page's DOM as it was. React sets an <input>'s name and
// type anew each time it renders it, and a map's lines are drawn anew when their component renders again: the
// browser then restyles or repaints them, which on a slow phone is what the next tap waits for. So a way confirmed on
// its card leaves the other cards' forms untouched while the page's data comes back, and a dialog opened on a way's
// page leaves the map's lines and the page's forms alone. Without JavaScript each of these is a new document.
import type { Page } from '@playwright/test'
import { test, expect, participantPage, recordedWay, day } from './fixtures'
import { acceptCookies, untilHydrated } from './page-helpers'
import { card } from './week'

/** Records changes to attributes of the elements `selector` matches inside `root` from now on, except inside `but`. */
async function watchAttributes(page: Page, root: string, selector: string, but?: string) {
  await page.evaluate(
    ({ root, selector, but }) => {
      const seen: string[] = []
      ;(window as unknown as { __seen: string[] }).__seen = seen
      new MutationObserver((records) => {
        for (const r of records) {
          const el = r.target as Element
          if (!el.matches(selector) || (but && el.closest(but))) continue
          seen.push(
            `${r.attributeName} on ${el.localName}${el.getAttribute('name') ? `[${el.getAttribute('name')}]` : ''}`,
          )
        }
      }).observe(document.querySelector(root)!, { subtree: true, attributes: true })
    },
    { root, selector, but },
  )
  return () => page.evaluate(() => (window as unknown as { __seen: string[] }).__seen)
}

test("a way confirmed on its card leaves the other cards' forms as they were", async ({ browser, js }) => {
  test.skip(!js, 'without JavaScript the confirmation is a post and a new document')
  const { page, context } = await participantPage(browser, js, {
    trips: [-1, -2, -3].map((d) => recordedWay([{ tfcModes: ['WALK'], tripPurposes: [1] }], {}, day(d))),
  })
  await page.goto('/ways/list/all/page/1')
  await acceptCookies(page)
  await untilHydrated(page)
  const first = Number(await page.locator('article[data-trip-id]').first().getAttribute('data-trip-id'))
  const others = await page.locator(`article[data-trip-id]:not([data-trip-id="${first}"]) input`).count()
  expect(others, 'the other cards have forms').toBeGreaterThan(0)
  const changes = await watchAttributes(page, 'main', 'input', `article[data-trip-id="${first}"]`)
  // The page's data comes back after the post: only then would the other cards render again.
  const revalidated = page.waitForResponse((r) => r.request().method() === 'GET' && r.url().includes('.data'))
  await card(page, first).getByRole('button', { name: 'Bestätigen' }).click()
  await revalidated
  await expect(page.getByText('Weg bestätigt.')).toBeVisible()
  await expect(card(page, first).getByRole('button', { name: 'Bestätigen' })).toHaveCount(0)
  expect(await changes()).toEqual([])
  await context.close()
})

test("a dialog opened on a way's page leaves the map's lines and the page's forms alone", async ({ browser, js }) => {
  test.skip(!js, 'without JavaScript a dialog is a new document')
  const { page, context } = await participantPage(browser, js, {
    trips: [recordedWay([{ tfcModes: ['WALK'] }, { tfcModes: ['PUBLIC_TRANSPORT_BUS'] }])],
  })
  await page.goto('/ways/list/all/page/1')
  await acceptCookies(page)
  await page.locator('a[href*="/ways/tripDetails/"]').first().click()
  await untilHydrated(page)
  // The interactive map is up (its first tile has come): its lines are drawn.
  await expect(page.locator('.trip-map[data-map="leaflet"] .leaflet-container path').first()).toBeAttached()
  const changes = await watchAttributes(page, 'main', 'path, input, form', 'dialog')
  await page.getByRole('link', { name: 'Zweck wählen' }).click()
  await expect(page.locator('dialog#purpose[open]')).toBeVisible()
  await expect(page).toHaveURL(/dialog=purpose/)
  await page.keyboard.press('Escape')
  await expect(page.locator('dialog#purpose')).toHaveCount(0)
  await expect(page).not.toHaveURL(/dialog=/)
  // A form without an action posts to the page's address, which the dialog's parameter is part of: that changes.
  expect((await changes()).filter((c) => !c.startsWith('action on form'))).toEqual([])
  await context.close()
})
