// Small page helpers shared by the end-to-end tests.
import { expect, type BrowserContext, type Page } from '@playwright/test'

/**
 * Accepts the cookie banner when it shows (a form post, with or without JS) and waits until it is gone: the banner is
 * fixed at the bottom and would cover buttons there, and screenshots should show the page under it.
 */
export async function acceptCookies(page: Page) {
  const ok = page.locator('.cookie-banner button')
  if (await ok.count()) {
    await ok.click()
    await expect(page.locator('.cookie-banner')).toHaveCount(0)
    // Without JavaScript the answer is a new page, which streams: the banner is gone before the cards have arrived.
    await page.waitForLoadState('load')
  }
}

/** A toast with this text is visible. */
export const toast = (page: Page, text: string) =>
  expect(page.locator('.toast').filter({ hasText: text })).toBeVisible()

/** The step title of the trip detail page. */
export const stepHeading = (page: Page) => page.locator('#step-title')

/** A dialog (or the page section that stands for it without JavaScript) by its element id. */
export const dialog = (page: Page, id: string) => page.locator(`#${id}`)

/**
 * Holds the page's JavaScript back, as on a slow phone, until `release()`; `hold()` holds it again for the next page
 * load (routing turns the browser's cache off, so every load asks for it again).
 */
export async function holdJavaScript(context: BrowserContext) {
  let release = () => {}
  let arrived = Promise.resolve()
  const hold = () => {
    arrived = new Promise<void>((resolve) => (release = resolve))
  }
  hold()
  await context.route('**/assets/entry.client-*.js', async (route) => {
    await arrived
    // The page that asked may be gone by then.
    await route.continue().catch(() => undefined)
  })
  return { release: () => release(), hold }
}

/**
 * React has taken over the page's main form (it carries React's own properties) and its first effects have run. The
 * form is in `main`, or in an open dialog, which React moves to the dialog layer at the end of the body.
 */
export async function untilHydrated(page: Page) {
  await page.waitForFunction(() => {
    const form = document.querySelector('main form, #dialog-layer form')
    return !!form && Object.keys(form).some((key) => key.startsWith('__reactProps'))
  })
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 200)))
}
