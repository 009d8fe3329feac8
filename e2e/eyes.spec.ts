// Where the participant looks, in both JavaScript modes on a 360 × 740 phone: a dialog posted with an error comes back
// with its error on the first screen and focused; the mode picker's OK is on screen without scrolling; every step
// before confirmation and every card offers to report the way; every control of a card is what lies at its centre;
// the cookie notice is the first stop and never covers a focused control; messages stay until dismissed and leave
// nothing focusable behind; the user menu closes on Escape; the card's controls are named with their way's day.
import type { Locator, Page } from '@playwright/test'
import { test, expect, participantPage, checkA11y, day, recordedWay } from './fixtures'
import { acceptCookies, dialog, toast } from './page-helpers'

test.slow()

const PHONE = { width: 360, height: 740 }

/** The element lies wholly inside the page's first screen (page coordinates: as if nothing had been scrolled). */
async function onFirstScreen(locator: Locator) {
  const box = await locator.evaluate((el) => {
    const r = el.getBoundingClientRect()
    return { top: r.top + window.scrollY, bottom: r.bottom + window.scrollY, height: r.height }
  })
  expect(box.height, 'drawn').toBeGreaterThan(0)
  expect(box.top, 'top on the first screen').toBeGreaterThanOrEqual(0)
  expect(box.bottom, 'bottom on the first screen').toBeLessThanOrEqual(PHONE.height)
}

/** The element is on screen where the page is now (reachable without scrolling). */
async function onScreen(locator: Locator) {
  const box = await locator.boundingBox()
  expect(box, 'drawn').not.toBeNull()
  expect(box!.y, 'top on screen').toBeGreaterThanOrEqual(0)
  expect(box!.y + box!.height, 'bottom on screen').toBeLessThanOrEqual(PHONE.height)
}

/** Focus is inside `locator` (on it or one of its descendants). */
const focusWithin = (locator: Locator) => locator.evaluate((el) => el.contains(document.activeElement))

async function firstWayPage(page: Page) {
  await page.goto('/ways/list/all/page/1')
  await acceptCookies(page)
  const href = await page.locator('a[href*="/ways/tripDetails/"]').first().getAttribute('href')
  await page.goto(href!)
}

test('a dialog posted with an error is on the first screen with its error focused; the mode picker’s OK is on screen', async ({
  browser,
  js,
}) => {
  const { page, context } = await participantPage(browser, js, {
    trips: [recordedWay([{ tfcModes: ['WALK'] }, { tfcModes: ['PUBLIC_TRANSPORT_BUS'] }, { tfcModes: ['WALK'] }])],
  })
  await page.setViewportSize(PHONE)
  await firstWayPage(page)

  // The purpose dialog posted with nothing chosen.
  await page.getByRole('link', { name: 'Zweck wählen' }).click()
  const purpose = dialog(page, 'purpose')
  await purpose.getByRole('button', { name: 'Übernehmen' }).click()
  const purposeError = purpose.locator('.field__error')
  await expect(purposeError).toHaveText('Bitte wählen Sie mindestens einen Zweck.')
  // Without JavaScript the page comes back with the dialog as its first content; with it the modal shows the error.
  if (!js) await onFirstScreen(purpose.getByRole('heading', { name: 'Zweck des Weges' }))
  await (js ? onScreen : onFirstScreen)(purposeError)
  await expect.poll(() => focusWithin(purpose.locator('#purpose-choices')), 'the error is focused').toBe(true)
  await checkA11y(page)
  await page.screenshot({ path: test.info().outputPath(`purpose-error-${js ? 'js' : 'nojs'}.png`) })

  await purpose.getByText('Arbeit', { exact: true }).click()
  await purpose.getByRole('button', { name: 'Übernehmen' }).click()
  await toast(page, 'Weg aktualisiert.')

  // The mode picker: OK is on screen as soon as it opens, without scrolling.
  await page.getByRole('link', { name: 'Verkehrsmittel ändern (Etappe 1)' }).click()
  const modes = dialog(page, 'modes')
  await expect(modes.getByRole('heading', { name: 'Verkehrsmittel: Etappe 1 von 3' })).toBeVisible()
  const ok = modes.getByRole('button', { name: 'OK', exact: true })
  await onScreen(ok)
  // Its first line starts where its body does: the form's hidden fields before it take no room.
  const gapAbove = await modes.locator('.dialog__body').evaluate((body) => {
    const first = [...body.querySelector('form')!.children].find((el) => el.getClientRects().length > 0)!
    const padding = parseFloat(getComputedStyle(body).paddingTop)
    return first.getBoundingClientRect().top - body.getBoundingClientRect().top - padding
  })
  expect(gapAbove, 'space above the first line of the mode picker').toBeCloseTo(0, 0)
  await page.screenshot({ path: test.info().outputPath(`modes-${js ? 'js' : 'nojs'}.png`) })

  // Posted with no mode (only possible where several modes are asked for: a single pick always holds one): the error
  // on the first screen and focused, OK still on screen.
  await modes.getByRole('link', { name: 'Weiteres Verkehrsmittel für diese Etappe angeben …' }).click()
  await expect(modes.getByRole('checkbox', { name: 'Zu Fuß' })).toBeChecked()
  await modes.getByRole('checkbox', { name: 'Zu Fuß' }).uncheck()
  await ok.click()
  const modesError = modes.locator('#mode-choices .field__error')
  await expect(modesError).toHaveText('Bitte wählen Sie ein Verkehrsmittel.')
  await (js ? onScreen : onFirstScreen)(modesError)
  await onScreen(ok)
  await expect.poll(() => focusWithin(modes.locator('#mode-choices')), 'the error is focused').toBe(true)
  await page.screenshot({ path: test.info().outputPath(`modes-error-${js ? 'js' : 'nojs'}.png`) })
  await context.close()
})

test('every step before confirmation and every card offers to report the way, named as the help text says', async ({
  browser,
  js,
}) => {
  const { page, context } = await participantPage(browser, js, { trips: [recordedWay([{ tfcModes: ['WALK'] }])] })
  await page.setViewportSize(PHONE)
  await page.goto('/ways/list/all/page/1')
  await acceptCookies(page)
  // On the card, named with the way's day.
  const cardReport = page.locator('article.trip-card').getByRole('link', { name: /^Fehler melden\b/ })
  await expect(cardReport).toHaveCount(1)
  expect(await cardReport.textContent()).toContain(day(-1).split('-').reverse().join('.'))

  await firstWayPage(page)
  const step = page.locator('.trip-step')
  // Step 1 (purpose), then step 2 (modes): each offers the report.
  await expect(step.getByRole('link', { name: 'Fehler melden' })).toBeVisible()
  await page.getByRole('link', { name: 'Zweck wählen' }).click()
  await dialog(page, 'purpose').getByText('Arbeit', { exact: true }).click()
  await dialog(page, 'purpose').getByRole('button', { name: 'Übernehmen' }).click()
  await expect(page.locator('#step-title')).toHaveText('Verkehrsmittel prüfen')
  await step.getByRole('link', { name: 'Fehler melden' }).click()

  // The report posted without a reason: its error on the first screen, focused.
  const report = dialog(page, 'report')
  await report.getByRole('button', { name: 'Melden', exact: true }).click()
  const error = report.locator('.field__error')
  await expect(error).toHaveText('Bitte wählen Sie mindestens einen Grund.')
  await (js ? onScreen : onFirstScreen)(error)
  await expect.poll(() => focusWithin(report.locator('#report-reasons')), 'the error is focused').toBe(true)

  // The help text names the control by the words it carries.
  await page.goto('/help/faq')
  await expect(page.getByText(/auf Fehler melden und wählen Sie/)).toHaveCount(1)
  await context.close()
})

test('every control of a card is the element at its centre; the card’s controls are named with their day', async ({
  browser,
  js,
}) => {
  const { page, context } = await participantPage(browser, js, {
    trips: [recordedWay([{ tfcModes: ['WALK'] }], {}, day(-1)), recordedWay([{ tfcModes: ['WALK'] }], {}, day(-2))],
  })
  for (const viewport of [PHONE, { width: 1280, height: 900 }]) {
    await page.setViewportSize(viewport)
    await page.goto('/ways/list/all/page/1')
    await acceptCookies(page)
    const controls = page.locator('article.trip-card').locator('a[href], button, select, input:not([type="hidden"])')
    const count = await controls.count()
    expect(count, 'cards with controls').toBeGreaterThan(4)
    for (let i = 0; i < count; i++) {
      const control = controls.nth(i)
      if (!(await control.isVisible())) continue
      await control.scrollIntoViewIfNeeded()
      const hit = await control.evaluate((el) => {
        const r = el.getBoundingClientRect()
        const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)
        return at === el || el.contains(at) ? '' : `${el.outerHTML.slice(0, 80)} is under ${at?.outerHTML.slice(0, 80)}`
      })
      expect(hit, `control ${i} at ${viewport.width} px`).toBe('')
    }
  }
  // Accessible names of the cards' own controls differ from card to card (their day is part of them).
  const names = await page
    .locator('article.trip-card')
    .locator('a:not(.card__link), button')
    .evaluateAll((els) => els.map((el) => (el.textContent ?? '').replace(/\s+/g, ' ').trim()))
  expect(names.length).toBeGreaterThan(1)
  expect(new Set(names).size, names.join(' | ')).toBe(names.length)
  await context.close()
})

test('the cookie notice is the first stop, lies over nothing and is answered with one key', async ({ browser, js }) => {
  const { page, context } = await participantPage(browser, js, { trips: [recordedWay([{ tfcModes: ['WALK'] }])] })
  await page.setViewportSize(PHONE)
  await page.goto('/ways/list/all/page/1')
  const banner = page.locator('.cookie-banner')
  await expect(banner).toBeVisible()
  expect(await banner.evaluate((el) => getComputedStyle(el).position)).not.toBe('fixed')
  // The first Tab stop is the notice's OK; every focused control of the next stops is what lies at its centre.
  await page.keyboard.press('Tab')
  await expect(banner.getByRole('button')).toBeFocused()
  for (let i = 0; i < 25; i++) {
    await page.keyboard.press('Tab')
    const covered = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null
      if (!el || el === document.body) return ''
      const r = el.getBoundingClientRect()
      if (!r.width || !r.height) return ''
      const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)
      return !at || at === el || el.contains(at) || at.contains(el)
        ? ''
        : `${el.outerHTML.slice(0, 60)} under ${at.outerHTML.slice(0, 60)}`
    })
    expect(covered).toBe('')
  }
  // Answered first: one Tab and Enter on a fresh page.
  await page.goto('/ways/list/all/page/1')
  await page.keyboard.press('Tab')
  await page.keyboard.press('Enter')
  await expect(banner).toHaveCount(0)
  await context.close()
})

test('a message stays until dismissed, takes focus after the post, and leaves nothing focusable behind', async ({
  browser,
  js,
}) => {
  const { page, context } = await participantPage(browser, js, { trips: [recordedWay([{ tfcModes: ['WALK'] }])] })
  await page.setViewportSize(PHONE)
  await firstWayPage(page)
  await page.getByRole('link', { name: 'Zweck wählen' }).click()
  await dialog(page, 'purpose').getByText('Arbeit', { exact: true }).click()
  await dialog(page, 'purpose').getByRole('button', { name: 'Übernehmen' }).click()
  const message = page.locator('.toast').filter({ hasText: 'Weg aktualisiert.' })
  await expect(message).toBeVisible()
  // With JavaScript the post's result takes focus (the region announces it in both modes).
  if (js) await expect(message).toBeFocused()
  await expect(page.locator('.toasts [role="status"]')).toContainText('Weg aktualisiert.')
  // No animation hides it later: every running animation of the messages ends within a second.
  const lasting = await page.evaluate(() =>
    document
      .getAnimations()
      .filter((a) => a.effect && (a.effect as KeyframeEffect).target?.closest?.('.toasts'))
      .map((a) => Number(a.effect!.getComputedTiming().endTime ?? Infinity))
      .filter((end) => end > 1000),
  )
  expect(lasting).toEqual([])
  // Dismissed: the message and its checkbox are gone from the tab order.
  await message.locator('.toast__close').click()
  await expect(message).toBeHidden()
  await expect(page.locator('.toast__dismiss')).toBeHidden()
  await context.close()
})

test('the user menu closes on Escape and when focus leaves it', async ({ browser, js }) => {
  test.skip(!js, 'without JavaScript the menu is a disclosure closed by its toggle or the backdrop')
  const { page, context } = await participantPage(browser, js)
  await page.setViewportSize(PHONE)
  await page.goto('/ways/list/all/page/1')
  await acceptCookies(page)
  const menu = page.locator('details.side-menu')
  await menu.locator('summary').click()
  await expect(menu).toHaveAttribute('open', '')
  await page.keyboard.press('Escape')
  await expect(menu).not.toHaveAttribute('open', '')
  await expect(menu.locator('summary')).toBeFocused()
  // Open again and Tab past its last control: it closes.
  await page.keyboard.press('Enter')
  await expect(menu).toHaveAttribute('open', '')
  const stops = await menu.locator('a, button').count()
  for (let i = 0; i <= stops; i++) await page.keyboard.press('Tab')
  await expect(menu).not.toHaveAttribute('open', '')
  await context.close()
})
