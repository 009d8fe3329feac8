// Small page helpers shared by the end-to-end tests.
import { expect, type Page } from '@playwright/test'

/**
 * Accepts the cookie banner when it shows (a form post, with or without JS) and waits until it is gone: the banner is
 * fixed at the bottom and would cover buttons there, and screenshots should show the page under it.
 */
export async function acceptCookies(page: Page) {
  const ok = page.locator('.cookie-banner button')
  if (await ok.count()) {
    await ok.click()
    await expect(page.locator('.cookie-banner')).toHaveCount(0)
  }
}

/** A toast with this text is visible. */
export const toast = (page: Page, text: string) =>
  expect(page.locator('.toast').filter({ hasText: text })).toBeVisible()

/** The step title of the trip detail page. */
export const stepHeading = (page: Page) => page.locator('#step-title')

/** A dialog (or the page section that stands for it without JavaScript) by its element id. */
export const dialog = (page: Page, id: string) => page.locator(`#${id}`)
