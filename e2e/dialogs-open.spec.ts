// The dialogs of the ways list and of a way's page open from what the page already has (ADR 299). With JavaScript a
// tap on a dialog's link opens it as a modal <dialog> in the task of the tap, with no request to the server (neither
// a document nor a `.data` request), and closing it asks for nothing either; a post from it shows its pending state
// at once and its result without a new document. Without JavaScript every such link is a real address: the server
// renders the dialog from `?dialog=…` as a section of the page, as before.
import type { Locator, Page, Request } from '@playwright/test'
import { test, expect, participantPage, day, recordedWay, newParticipant, loginAs } from './fixtures'
import { acceptCookies, stepHeading, toast } from './page-helpers'
import { card } from './week'

test.slow()

/** Every request the page sends to the app's server from now on that would load data or a page. */
function serverRequests(page: Page) {
  const seen: string[] = []
  const onRequest = (r: Request) => {
    const url = new URL(r.url())
    if (url.origin !== new URL(page.url()).origin) return
    if (r.resourceType() === 'document' || url.pathname.endsWith('.data'))
      seen.push(`${r.method()} ${url.pathname}${url.search} (at ${page.url()})`)
  }
  page.on('request', onRequest)
  return {
    seen,
    stop: () => page.off('request', onRequest),
  }
}

/** React has taken over the page: the list's or the way's links are handled by the router from now on. */
async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    const a = document.querySelector('main a')
    return !!a && Object.keys(a).some((key) => key.startsWith('__reactProps'))
  })
}

/**
 * Taps `link` and expects the dialog `id` to open: with JavaScript as a modal <dialog> with no request to the server
 * on the way in or (Escape) out; without it as the server's section of the page at the link's address.
 */
async function opensWithoutRequest(page: Page, js: boolean, link: Locator, id: string, param: RegExp) {
  if (!js) {
    await link.click()
    await expect(page).toHaveURL(param)
    await expect(page.locator(`section#${id}`)).toBeVisible()
    await expect(page.locator(`dialog#${id}`)).toHaveCount(0)
    return
  }
  const href = await link.getAttribute('href')
  expect(href, 'the link is a real address').toMatch(param)
  const requests = serverRequests(page)
  // Shown in the tap's own task, so drawn with the next frame, not after the router has rendered the page again for
  // the new address (that render is a task of its own, later). For that frame it is a popover; then the modal.
  const shownInItsTap = await link.evaluate(async (el, dialogId) => {
    ;(el as HTMLElement).click()
    await Promise.resolve()
    const dialog = document.querySelector<HTMLDialogElement>(`dialog#${dialogId}`)
    if (!dialog) return false
    // The animation that brings it in, to see below that becoming the modal does not start it again.
    ;(window as unknown as { openingAnimation?: Animation }).openingAnimation = dialog.getAnimations()[0]
    return dialog.open || dialog.matches(':popover-open')
  }, id)
  expect(shownInItsTap, `#${id} shown in the task of its tap`).toBe(true)
  await expect(page.locator(`dialog#${id}[open]`)).toBeVisible()
  // Modal: the page behind it is inert, and the focus is inside it; the animation that began with the tap goes on.
  expect(
    await page.locator(`dialog#${id}`).evaluate((dialog) => ({
      modal: dialog.matches(':modal'),
      focusInside: dialog.contains(document.activeElement),
      sameAnimation:
        dialog.getAnimations()[0] === (window as unknown as { openingAnimation?: Animation }).openingAnimation ||
        dialog.getAnimations().length === 0,
    })),
  ).toEqual({ modal: true, focusInside: true, sameAnimation: true })
  await expect(page).toHaveURL(param)
  // Closing goes back to the page's address without the dialog, again from what the page has.
  await page.keyboard.press('Escape')
  await expect(page.locator(`dialog#${id}`)).toHaveCount(0)
  await expect(page).not.toHaveURL(/dialog=/)
  requests.stop()
  expect(requests.seen, `requests while opening and closing #${id}`).toEqual([])
}

test('the list: mode picker, report and the days without ways open from the page', async ({ browser, js }) => {
  // Ways on three days: the day between the first two stands alone, the three days before the last make a run.
  const { page, context } = await participantPage(browser, js, {
    trips: [
      recordedWay([{ tfcModes: ['WALK'] }, { tfcModes: ['CAR'] }], {}, day(-1)),
      recordedWay([{ tfcModes: ['WALK'] }], {}, day(-3)),
      recordedWay([{ tfcModes: ['WALK'] }], {}, day(-7)),
    ],
    joined: day(-7),
  })
  await page.goto('/ways/list/all/page/1')
  await acceptCookies(page)
  if (js) await hydrated(page)
  const id = Number(await page.locator('article[data-trip-id]').first().getAttribute('data-trip-id'))
  const way = card(page, id)

  await opensWithoutRequest(
    page,
    js,
    way.getByRole('link', { name: /Verkehrsmittel von Etappe 2 ändern/ }),
    'mode',
    /dialog=mode&leg=\d+/,
  )
  await opensWithoutRequest(
    page,
    js,
    way.getByRole('link', { name: /Fehler melden/ }),
    'report',
    new RegExp(`dialog=report&trip=${id}`),
  )
  if (!js) await page.goto('/ways/list/all/page/1')
  await opensWithoutRequest(
    page,
    js,
    page.locator(`#day-${day(-2)}`).getByRole('link', { name: /Keine Wege erfasst/ }),
    'noTrips',
    new RegExp(`dialog=noTrips&day=${day(-2)}`),
  )
  if (!js) await page.goto('/ways/list/all/page/1')
  await opensWithoutRequest(
    page,
    js,
    page.locator('section.trip-run').getByRole('link', { name: /^3 Tage bestätigen/ }),
    'noTripsRun',
    new RegExp(`dialog=noTripsRun&days=${day(-6)}..${day(-4)}`),
  )

  if (js) {
    // Closed in the same task as its tap, before the router has reached the picker's address: it stays closed, the
    // router ends at the list's address (the picker's entry replaced) and nothing is asked of the server.
    const requests = serverRequests(page)
    const entries = await page.evaluate(() => history.length)
    const closedAtOnce = await way
      .getByRole('link', { name: /Verkehrsmittel von Etappe 2 ändern/ })
      .evaluate(async (el) => {
        ;(el as HTMLElement).click()
        await Promise.resolve()
        const picker = document.querySelector<HTMLDialogElement>('dialog#mode')
        if (!picker || !(picker.open || picker.matches(':popover-open'))) return false
        picker.querySelector<HTMLElement>('.dialog__close')!.click()
        return true
      })
    expect(closedAtOnce, 'the picker opened and was closed in the task of its tap').toBe(true)
    await expect.poll(() => page.evaluate(() => history.length)).toBe(entries + 1)
    await expect(page).not.toHaveURL(/dialog=/)
    await expect(page.locator('#mode')).toHaveCount(0)
    requests.stop()
    expect(requests.seen, 'requests while opening and closing at once').toEqual([])

    // Opened, closed, then Back to the list's address it was opened from: no dialog there (a tap is not remembered
    // once the router has moved on).
    await way.getByRole('link', { name: /Verkehrsmittel von Etappe 2 ändern/ }).click()
    await expect(page).toHaveURL(/dialog=mode/)
    await page.keyboard.press('Escape')
    await expect(page).not.toHaveURL(/dialog=/)
    await expect(page.locator('#mode')).toHaveCount(0)
    await page.goBack()
    // Two frames and a moment for the router's render of the address it went back to.
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 100)))),
    )
    await expect(page).not.toHaveURL(/dialog=/)
    await expect(page.locator('#mode')).toHaveCount(0)
  }

  // A pick in the mode picker: sent once, shown busy at once, saved without a new document.
  await way.getByRole('link', { name: /Verkehrsmittel von Etappe 2 ändern/ }).click()
  const picker = js ? page.locator('dialog#mode[open]') : page.locator('section#mode')
  if (js) {
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true))
    // The answer is held back a moment, so the pending state can be seen.
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    // The page's data after the post is held back too: the answer alone closes the picker and shows the new mode.
    let releaseData = () => {}
    const dataHeld = new Promise<void>((resolve) => (releaseData = resolve))
    await page.route('**/ways/list/**', async (route) => {
      if (route.request().method() === 'POST') await held
      else if (new URL(route.request().url()).pathname.endsWith('.data')) await dataHeld
      await route.continue()
    })
    await picker.getByRole('button', { name: 'Bus' }).click()
    await expect(picker.getByRole('button', { name: 'Bus' })).toHaveAttribute('aria-busy', 'true')
    await expect(picker.getByRole('button', { name: 'Bahn' })).toHaveAttribute('aria-disabled', 'true')
    release()
    await expect(page.locator('#mode')).toHaveCount(0)
    await expect(way.locator('.trip-card__mode').nth(1)).toContainText('Bus')
    await expect(way.getByRole('link', { name: /Verkehrsmittel von Etappe 2 ändern/ })).toBeFocused()
    // Until the page's data is back the address still names the picker, which stays closed.
    await expect(page).toHaveURL(/dialog=mode/)
    // The other leg's mode tapped the moment the page's data is back (its toast drawn), before the page has left the
    // second leg's picker address: the first leg's picker opens and stays open. The answer for the second leg neither
    // hides it nor sends the page on to the address without a picker.
    await page.evaluate(() => {
      new MutationObserver((_, observer) => {
        if (![...document.querySelectorAll('.toast')].some((t) => t.textContent?.includes('Etappe aktualisiert.')))
          return
        observer.disconnect()
        ;[...document.querySelectorAll('a')]
          .find((a) => a.textContent?.includes('Verkehrsmittel von Etappe 1'))!
          .click()
      }).observe(document.body, { childList: true, subtree: true })
    })
    releaseData()
    const first = page.locator('dialog#mode[open]', { hasText: 'Etappe 1 von 2' })
    await expect(first).toBeVisible()
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 300)))),
    )
    await expect(first).toBeVisible()
    await expect(page).toHaveURL(/dialog=mode/)
    await page.keyboard.press('Escape')
    await expect(page).not.toHaveURL(/dialog=/)
  } else {
    await picker.getByRole('button', { name: 'Bus' }).click()
  }
  await toast(page, 'Etappe aktualisiert.')
  await expect(page.locator('#mode')).toHaveCount(0)
  await expect(way.locator('.trip-card__mode').nth(1)).toContainText('Bus')
  if (js) expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true)
  await context.close()
})

test("a way's page: purpose, modes, report and confirm open from the page", async ({ browser, js }) => {
  const { page, context } = await participantPage(browser, js, {
    trips: [recordedWay([{ tfcModes: ['WALK'] }, { tfcModes: ['PUBLIC_TRANSPORT_BUS'] }])],
  })
  await page.goto('/ways/list/all/page/1')
  await acceptCookies(page)
  const href = await page.locator('a[href*="/ways/tripDetails/"]').first().getAttribute('href')
  const path = new URL(href!, page.url()).pathname
  await page.goto(path)
  if (js) await hydrated(page)

  await opensWithoutRequest(page, js, page.getByRole('link', { name: 'Zweck wählen' }), 'purpose', /dialog=purpose/)
  if (js) {
    // Links inside a dialog that the dialog's own change removes (several purposes, Cancel), tapped for real: no
    // new document, and a purpose checked right after the switch stays checked.
    const requests = serverRequests(page)
    await page.getByRole('link', { name: 'Zweck wählen' }).click()
    await page.locator('#purpose').getByRole('link', { name: 'Mehrere Zwecke angeben …' }).click()
    await page.locator('#purpose').getByText('Arbeit', { exact: true }).click()
    await expect(page).toHaveURL(/several=1/)
    await expect(page.locator('#purpose').getByRole('checkbox', { name: 'Arbeit' })).toBeChecked()
    await page.locator('#purpose').getByRole('link', { name: 'Abbrechen' }).click()
    await expect(page.locator('#purpose')).toHaveCount(0)
    await expect(page).not.toHaveURL(/dialog=/)
    requests.stop()
    expect(requests.seen, 'requests while switching and cancelling the purpose dialog').toEqual([])
  }
  if (!js) await page.goto(path)
  await opensWithoutRequest(
    page,
    js,
    page.getByRole('link', { name: 'Verkehrsmittel ändern (Etappe 1)' }),
    'modes',
    /dialog=modes&leg=\d+/,
  )
  // The report, from the first leg's modes dialog.
  if (!js) await page.goto(path)
  await page.getByRole('link', { name: 'Verkehrsmittel ändern (Etappe 1)' }).click()
  await opensWithoutRequest(
    page,
    js,
    page.locator('#modes').getByRole('link', { name: 'Fehler melden' }),
    'report',
    /dialog=report/,
  )
  if (js) {
    // One dialog leading to the next keeps the modal open: the element that showed the modes shows the report, and it
    // never closed on the way, so the page behind stayed inert throughout.
    await page.getByRole('link', { name: 'Verkehrsmittel ändern (Etappe 1)' }).click()
    await page.locator('dialog#modes').evaluate((dialog) => {
      const w = window as unknown as { modesDialog?: Element; closedOnTheWay?: boolean }
      w.modesDialog = dialog
      w.closedOnTheWay = false
      dialog.addEventListener('close', () => (w.closedOnTheWay = true))
    })
    await page.locator('#modes').getByRole('link', { name: 'Fehler melden' }).click()
    await expect(page.locator('dialog#report[open]')).toBeVisible()
    await expect(page.locator('dialog#modes')).toHaveCount(0)
    expect(
      await page.locator('dialog#report').evaluate((dialog) => {
        const w = window as unknown as { modesDialog?: Element; closedOnTheWay?: boolean }
        return {
          same: dialog === w.modesDialog,
          closed: w.closedOnTheWay,
          modal: dialog.matches(':modal'),
          focusInside: dialog.contains(document.activeElement),
          title: dialog.querySelector('h2')?.id === dialog.getAttribute('aria-labelledby'),
        }
      }),
    ).toEqual({ same: true, closed: false, modal: true, focusInside: true, title: true })
    await page.keyboard.press('Escape')
    await expect(page.locator('dialog')).toHaveCount(0)
    await expect(page).not.toHaveURL(/dialog=/)
  }

  // The purpose saved from its dialog (busy at once with JavaScript), then the confirm dialog of step 2.
  await page.goto(path)
  if (js) await hydrated(page)
  await page.getByRole('link', { name: 'Zweck wählen' }).click()
  const purpose = page.locator('#purpose')
  await purpose.getByText('Arbeit', { exact: true }).click()
  if (js) {
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true))
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route(`**${path}*`, async (route) => {
      if (route.request().method() === 'POST') await held
      await route.continue()
    })
    await purpose.getByRole('button', { name: 'Übernehmen' }).click()
    await expect(purpose.getByRole('button', { name: 'Übernehmen' })).toHaveAttribute('aria-busy', 'true')
    await expect(purpose.getByRole('button', { name: 'Übernehmen' })).toHaveAttribute('aria-disabled', 'true')
    release()
  } else {
    await purpose.getByRole('button', { name: 'Übernehmen' }).click()
  }
  // The result: the page's next step (its message may have come and gone while the answer was held back).
  await expect(stepHeading(page)).toHaveText('Verkehrsmittel prüfen', { timeout: 30_000 })
  if (!js) await toast(page, 'Weg aktualisiert.')
  if (js) expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true)
  await opensWithoutRequest(page, js, page.getByRole('link', { name: 'Weg bestätigen' }), 'confirm', /dialog=confirm/)
  await context.close()
})

test("a touch on a dialog's link opens it as the finger lifts; a touch that moves, or on another link, is the browser's", async ({
  browser,
  js,
}) => {
  const user = await newParticipant({ trips: [recordedWay([{ tfcModes: ['WALK'] }, { tfcModes: ['CAR'] }])] })
  const context = await browser.newContext({
    javaScriptEnabled: js,
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    hasTouch: true,
    viewport: { width: 360, height: 740 },
  })
  const page = await context.newPage()
  await loginAs(page, user.email, user.password)
  await page.goto('/ways/list/all/page/1')
  await acceptCookies(page)
  const picker = page.getByRole('link', { name: /Verkehrsmittel von Etappe 2 ändern/ })
  if (!js) {
    // A link like any other: the touch follows it, and the server shows the picker in the page.
    await picker.tap()
    await expect(page).toHaveURL(/dialog=mode&leg=\d+/)
    await expect(page.locator('section#mode')).toBeVisible()
    await context.close()
    return
  }
  await hydrated(page)
  // Every click the page gets from now on, and the dialog's first frame (a popover, then the modal).
  await page.evaluate(() => {
    const w = window as unknown as { clicks: number; shownAtTouchEnd: boolean | null }
    w.clicks = 0
    w.shownAtTouchEnd = null
    window.addEventListener('click', () => w.clicks++, true)
    // Last of the touch's end listeners: the dialog is already there when the touch's end has been handled.
    document.addEventListener('touchend', () =>
      queueMicrotask(() => {
        const d = document.querySelector<HTMLDialogElement>('dialog#mode')
        w.shownAtTouchEnd = !!d && (d.open || d.matches(':popover-open'))
      }),
    )
  })
  const entries = await page.evaluate(() => history.length)
  await picker.tap()
  await expect(page.locator('dialog#mode[open]')).toBeVisible()
  await expect(page).toHaveURL(/dialog=mode&leg=\d+/)
  expect(
    await page.evaluate(() => {
      const w = window as unknown as { clicks: number; shownAtTouchEnd: boolean | null }
      return { clicks: w.clicks, shownAtTouchEnd: w.shownAtTouchEnd, entries: history.length }
    }),
    'opened by the touch itself: no click after it, one history entry',
  ).toEqual({ clicks: 0, shownAtTouchEnd: true, entries: entries + 1 })
  // Closed, it gives the focus back to the link it was opened from, as a click's dialog does.
  await page.keyboard.press('Escape')
  await expect(page.locator('dialog#mode')).toHaveCount(0)
  await expect(picker).toBeFocused()
  // A choice in the dialog is tapped as ever (the browser's click): it replaces the leg's mode.
  await picker.tap()
  await page.locator('#mode').getByText('Bus', { exact: true }).tap()
  await expect(page.locator('dialog#mode')).toHaveCount(0)
  await expect(
    card(page, Number(await page.locator('article[data-trip-id]').first().getAttribute('data-trip-id'))),
  ).toContainText('Bus')

  // A finger that moves across the link before it lifts is not a tap: nothing opens.
  const box = (await picker.boundingBox())!
  const cdp = await context.newCDPSession(page)
  const at = (dx: number) => [{ x: box.x + box.width / 2 + dx, y: box.y + box.height / 2 }]
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(0) })
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(40) })
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 200))))
  await expect(page.locator('dialog#mode')).toHaveCount(0)
  await expect(page).not.toHaveURL(/dialog=/)

  // A link that leads elsewhere (the way's page) is left to the browser's click and the router.
  await page.locator('a[href*="/ways/tripDetails/"]').first().tap()
  await expect(page).toHaveURL(/\/ways\/tripDetails\//)
  await context.close()
})
