// Accessibility (WCAG 2.2 AA): every page route of ROUTE_TABLE, the 404 page, the dialogs that are URLs
// (`?dialog=`), forms after a failed submit, the ways list with ways, the trip detail in every step of its step
// machine, the manual-way form, the campaign questionnaire with one question of each question type and the places,
// in German and English, with JavaScript on and off (the two projects): zero axe violations of any impact.
// Further checks where a test is cheap: the language of the page, a visible focus ring on every control reached by
// Tab, dialogs that trap focus and give it back, form errors linked to their fields and announced, text alternatives
// of mode dots and status badges, and no animation or transition with prefers-reduced-motion.
import type { Page } from '@playwright/test'
import { ROUTE_TABLE } from '../app/routes'
import { everyTypeCampaign, throughEachType } from './every-type-campaign'
import {
  admin,
  api,
  checkA11y,
  day,
  expect,
  loginAs,
  newParticipant,
  participantPage,
  test,
  uniqueEmail,
  mailLink,
} from './fixtures'

// Long flows with an axe run per page (a JS-off run loads each page twice).
test.describe.configure({ timeout: 300_000 })

const LOCALES = [
  { locale: 'de_DE', lang: 'de' },
  { locale: 'en_US', lang: 'en' },
] as const

/** Opens a URL, checks the status, the page language and axe. */
async function check(page: Page, lang: string, url: string, opts: { status?: number; id?: string } = {}) {
  const res = await page.goto(url)
  expect(res?.status(), `${url} answers`).toBe(opts.status ?? 200)
  await expectChecked(page, lang)
}

/** The current page (after a click or post): its language and axe. */
async function expectChecked(page: Page, lang: string) {
  await expect(page.locator('html'), `lang of ${page.url()}`).toHaveAttribute('lang', new RegExp(`^${lang}\\b`))
  await checkA11y(page)
}

/**
 * A failed submit: the fields in error are marked (aria-invalid), each points to its message with
 * aria-describedby, and the message sits in a live region (or an alert) so it is announced.
 */
async function expectLinkedErrors(page: Page) {
  const invalid = page.locator('[aria-invalid="true"]')
  await expect(invalid.first()).toBeAttached()
  const problems = await invalid.evaluateAll((els) =>
    els.flatMap((el) => {
      const ids = (el.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean)
      const described = ids.map((id) => document.getElementById(id)).filter((x): x is HTMLElement => !!x)
      const message = described.find(
        (d) => (d.textContent ?? '').trim() && d.closest('[aria-live], [role="alert"], [role="status"]'),
      )
      return message
        ? []
        : [`${el.tagName.toLowerCase()}[name=${el.getAttribute('name')}] has no announced message in aria-describedby`]
    }),
  )
  expect(problems).toEqual([])
}

async function submit(page: Page, form: string) {
  const button = page.locator(`${form} button[type="submit"]`).first()
  // The post's answer, then its page: with JavaScript the router navigates after the answer (a redirect loads the next
  // page's data), so the check waits until the router is idle again, not only for the old document's load.
  const answered = page.waitForResponse((res) => res.request().method() === 'POST')
  await button.click()
  await answered
  await page.waitForLoadState()
  await expect(page.locator('.progress-bar[data-active]')).toHaveCount(0)
}

/** Ways of a participant by their own name (and their legs), through the JSON endpoint. */
async function tripsByName(email: string, password: string) {
  const session = (await api('user', 'login', { idStr: email, password })).session as string
  const { trps } = (await api('trip', 'getTrips', { session, fetchNext: 50 })) as {
    trps: { id: number; ownName: string | null; legs: { id: number }[] }[]
  }
  return { session, byName: (name: string) => trps.find((t) => t.ownName === name)! }
}

const leg = (d: number, from: string, to: string, extra: Record<string, unknown> = {}) => ({
  startTime: `${day(-d)} ${from}`,
  endTime: `${day(-d)} ${to}`,
  tfcModes: ['WALK'],
  geom: [
    { lat: 52.52, lon: 13.38 },
    { lat: 52.521, lon: 13.385 },
    { lat: 52.52, lon: 13.39 },
  ],
  ...extra,
})
/** One way in each state of the step machine, a manual one and a reported one. */
const WAYS = [
  {
    name: 'purpose',
    legs: [leg(1, '08:00', '08:10'), leg(1, '08:11', '08:20', { tfcModes: ['PUBLIC_TRANSPORT_BUS'] })],
  },
  {
    name: 'modes',
    legs: [
      leg(2, '08:00', '08:10', { tripPurposes: [1] }),
      leg(2, '08:11', '08:20', { tripPurposes: [1], tfcModes: ['BICYCLE'] }),
    ],
  },
  {
    name: 'questions',
    validationStatus: true,
    confirmationStatus: true,
    qtnAnswered: false,
    allQuestionsAnswered: false,
    legs: [
      leg(3, '09:00', '09:10', { tripPurposes: [1], validationStatus: true, tfcModes: ['PUBLIC_TRANSPORT_TRAIN'] }),
    ],
  },
  {
    name: 'validated',
    validationStatus: true,
    confirmationStatus: true,
    qtnAnswered: true,
    allQuestionsAnswered: true,
    legs: [
      leg(4, '09:00', '09:10', { tripPurposes: [2], validationStatus: true, qtnsAnswered: true, tfcModes: ['CAR'] }),
    ],
  },
  { name: 'manual', creationType: 'CREATED_MANUALLY', legs: [leg(5, '10:00', '10:30', { tripPurposes: [3] })] },
  { name: 'reported', fdbkAvail: true, legs: [leg(6, '11:00', '11:30')] },
]

for (const { locale, lang } of LOCALES) {
  test.describe(`${lang}`, () => {
    // Without JavaScript a page's structure (landmarks, headings, labels, errors) does not depend on the language: the
    // German pages are checked in both modes, the English ones with JavaScript, where the pages also change after load.
    test.skip(
      ({ javaScriptEnabled }) => lang === 'en' && javaScriptEnabled === false,
      'English is checked with JavaScript on; German in both modes',
    )
    test(`public pages, their failed submits and 404 (${lang})`, async ({ page }) => {
      // Its failed login counts against its own client address, not the one every other test logs in from.
      await page.setExtraHTTPHeaders({ 'X-Forwarded-For': `198.51.100.${lang === 'de' ? 21 : 22}` })
      await check(page, lang, `/user/login?locale=${locale}`, { id: 'UserLogin' })
      await submit(page, 'main form:has(input[name="password"])')
      await expectLinkedErrors(page)
      await expectChecked(page, lang)
      await page.locator('input[name="idStr"]').fill('nobody@example.org')
      await page.locator('input[name="password"]').fill('wrong-password')
      await submit(page, 'main form:has(input[name="password"])')
      await expect(
        page.locator('[role="alert"], .notice--error, .field__error').filter({ hasText: /\S/ }).first(),
      ).toBeVisible()
      await expectChecked(page, lang)
      for (const type of ['reg', 'nvf', 'verified']) await check(page, lang, `/user/login/${type}`)

      await check(page, lang, '/user/register', { id: 'UserRegister' })
      await page.locator('input[name="email"]').fill('not-an-address')
      await page.locator('input[name="password"]').fill('ab')
      await submit(page, 'main form:has(input[name="email"])')
      await expectLinkedErrors(page)
      await expectChecked(page, lang)

      await check(page, lang, '/user/reset-registration', { id: 'UserResetRegistration' })
      await submit(page, 'main form:has(input[name="email"])')
      await expectLinkedErrors(page)
      await expectChecked(page, lang)

      // Reset password: the request, then the link of the mail (set password) with a failed and a good submit.
      const user = await newParticipant()
      await check(page, lang, '/user/reset-password', { id: 'UserResetPassword' })
      await page.locator('input[name="email"]').fill(user.email)
      await submit(page, 'main form:has(input[name="email"])')
      await expectChecked(page, lang)
      await check(page, lang, await mailLink(user.email, 'set-password'), { id: 'UserSetPassword' })
      await page.locator('input[name="password"]').fill('abcdef')
      await page.locator('input[name="confirmPassword"]').fill('abcdeX')
      await submit(page, 'main form:has(input[name="password"])')
      await expectLinkedErrors(page)
      await expectChecked(page, lang)
      // Verify e-mail has no page of its own: every link ends on the login page with a notice.
      await page.goto('/user/verify-email?email=a%40example.org&verstr=wrong')
      await expect(page).toHaveURL(/\/user\/login\/nvf$/)
      await expectChecked(page, lang)
      await check(page, lang, '/user/resume/unknown-id', { id: 'UserResume' })

      for (const [url, id] of [
        ['/help', 'Help'],
        ['/help/faq', 'HelpFaq'],
        ['/help/privacy', 'HelpPrivacy'],
        ['/help/imprint', 'HelpImprint'],
        ['/contact', 'Contact'],
        ['/sandbox', 'Sandbox'],
        ['/sandbox?purposes=1&purposes=3', 'Sandbox'],
      ]) {
        await check(page, lang, url, { id })
      }
      await check(page, lang, '/does/not/exist', { status: 404, id: 'NotFound' })
      // Logged out, a page behind the login ends on the login page.
      await page.goto('/ways/list/all/page/1')
      await expect(page).toHaveURL(/\/user\/login/)
      await expectChecked(page, lang)
    })

    test(`participant pages, dialogs and failed submits (${lang})`, async ({ browser, js }) => {
      const { page, user, context } = await participantPage(browser, js, { trips: WAYS })
      const { session, byName } = await tripsByName(user.email, user.password)
      const { poi } = (await api('user', 'addPoi', { session, poi: { name: 'Zuhause', lat: 52.52, lon: 13.4 } })) as {
        poi: { id: number }
      }

      for (const [url, id] of [
        [`/?locale=${locale}`, 'Home'],
        ['/ways', 'Ways'],
        ['/ways/list/all/page/1', 'WaysList'],
        ['/ways/list/unconfirmed/page/1', 'WaysList'],
        ['/campaign', 'Campaign'],
        ['/campaign/info', 'CampaignInfo'],
        ['/campaign/questionnaire/initial', 'CampaignQuestionnaire'],
        ['/campaign/questionnaire/final', 'CampaignQuestionnaire'],
        ['/user/update-password', 'UserUpdatePassword'],
        ['/user/delete-account', 'UserDeleteAccount'],
        ['/help/faq', 'HelpFaq'],
        ['/contact', 'Contact'],
        ['/does/not/exist', 'NotFound'],
      ] as const) {
        await check(page, lang, url, { id, status: id === 'NotFound' ? 404 : 200 })
      }

      // The list's dialogs: report a way, confirm a day without ways.
      const open = byName('modes').id
      await check(page, lang, `/ways/list/all/page/1?dialog=report&trip=${open}#report`)
      await page.goto('/ways/list/all/page/1')
      const noTrips = await page.locator('a[href*="dialog=noTrips"]').first().getAttribute('href')
      expect(noTrips, 'a day without ways in the list').toBeTruthy()
      await check(page, lang, `/ways/list/all/page/1${noTrips!.replace(/^[^?]*/, '')}`)

      // Add a way: the empty form, a failed save, and with JavaScript each picker's dialog.
      await check(page, lang, `/ways/add/${day(-1)}`, { id: 'WaysAdd' })
      await page.locator('main form button[type="submit"]').last().click()
      await page.waitForLoadState()
      await expect(page.getByRole('alert').filter({ hasText: /\S/ }).first()).toBeVisible()
      await expectChecked(page, lang)
      if (js) {
        for (const picker of ['purposes', 'start', 'end', 'modes']) {
          await page.goto(`/ways/add/${day(-1)}?dialog=${picker}`)
          await expect(page.locator(`dialog#${picker}[open]`)).toBeVisible()
          await expectChecked(page, lang)
        }
      }
      await check(page, lang, `/ways/edit/${byName('manual').id}`, { id: 'WaysEdit' })

      // Places: the list and its three dialogs, and the add form after a failed submit.
      await check(page, lang, '/pois', { id: 'Pois' })
      await check(page, lang, '/pois?dialog=add#add')
      await page.locator('#add form:has(input[name="name"]) button[type="submit"]').last().click()
      await page.waitForLoadState()
      await expectLinkedErrors(page)
      await expectChecked(page, lang)
      await check(page, lang, `/pois?dialog=edit&poi=${poi.id}#edit`)
      await check(page, lang, `/pois?dialog=delete&poi=${poi.id}#delete`)
      await check(page, lang, '/pois?dialog=add&q=Zuhause#add')

      // Account forms after a failed submit.
      await check(page, lang, '/user/update-password')
      await page.locator('input[name="currentPassword"]').fill(user.password)
      await page.locator('input[name="newPassword"]').fill('abcdef')
      await page.locator('input[name="confirmPassword"]').fill('abcdeX')
      await submit(page, 'main form:has(input[name="newPassword"])')
      await expectLinkedErrors(page)
      await expectChecked(page, lang)
      await check(page, lang, '/user/delete-account')
      await page.locator('input[name="currentPassword"]').fill('wrong-one')
      await submit(page, 'main form:has(input[name="currentPassword"])')
      await expectLinkedErrors(page)
      await expectChecked(page, lang)
      await context.close()
    })

    test(`a participant without a campaign, and the forced password change (${lang})`, async ({
      browser,
      js,
      page,
    }) => {
      const other = await participantPage(browser, js, { campaign: false })
      await check(other.page, lang, `/pois?locale=${locale}`)
      await check(other.page, lang, '/campaign/info')
      await check(other.page, lang, '/ways/list/all/page/1')
      await other.context.close()

      const email = uniqueEmail('forced')
      await admin('user:create', {
        email,
        password: 'old-pass',
        verified: true,
        campaign: 1,
        passwordUpdateRequired: true,
      })
      await page.goto(`/user/login?locale=${locale}`)
      await loginAs(page, email, 'old-pass')
      await expect(page).toHaveURL(/\/user\/password-update-required$/)
      await expectChecked(page, lang)
      await page.locator('input[name="currentPassword"]').fill('old-pass')
      await page.locator('input[name="newPassword"]').fill('abcdef')
      await page.locator('input[name="confirmPassword"]').fill('abcdeX')
      await submit(page, 'main form:has(input[name="newPassword"])')
      await expectLinkedErrors(page)
      await expectChecked(page, lang)
    })

    test(`trip detail in every step, with its dialogs (${lang})`, async ({ browser, js }) => {
      const { page, user, context } = await participantPage(browser, js, { trips: WAYS })
      const { byName } = await tripsByName(user.email, user.password)
      const detail = (name: string) => `/ways/tripDetails/${byName(name).id}`
      await page.goto(`/ways/list/all/page/1?locale=${locale}`)

      // Step 1 Purpose: the way's and a leg's purpose dialog (and its error), delete a leg, delete the way.
      const purpose = byName('purpose')
      const [leg1] = purpose.legs
      await check(page, lang, detail('purpose'), { id: 'WaysTripDetails' })
      await check(page, lang, `${detail('purpose')}?leg=${leg1!.id}`)
      await check(page, lang, `${detail('purpose')}?dialog=purpose#purpose`)
      await page.locator('#purpose button[type="submit"]').click()
      await page.waitForLoadState()
      await expect(page.locator('#purpose-choices-error')).toHaveText(/\S/)
      await expectChecked(page, lang)
      await check(page, lang, `${detail('purpose')}?dialog=purpose&leg=${leg1!.id}#purpose`)
      await check(page, lang, `${detail('purpose')}?dialog=delete-leg&leg=${leg1!.id}#delete-leg`)
      await check(page, lang, `${detail('purpose')}?dialog=delete#delete`)
      // Splitting the way: between its legs, or inside a leg at one of its listed points.
      await check(page, lang, `${detail('purpose')}?dialog=split#split`)
      await check(page, lang, `${detail('purpose')}?dialog=split&leg=${leg1!.id}#split-points`)

      // Step 2 Traffic modes: the selector of a leg, report, confirm.
      const [m1] = byName('modes').legs
      await check(page, lang, detail('modes'))
      await check(page, lang, `${detail('modes')}?dialog=modes&leg=${m1!.id}#modes`)
      await check(page, lang, `${detail('modes')}?leg=${m1!.id}&dialog=report&trip=${byName('modes').id}#report`)
      await check(page, lang, `${detail('modes')}?dialog=confirm#confirm`)

      // Steps 3 and 4: before the questionnaires, the questionnaire view; step 5 Validated (read-only).
      await check(page, lang, detail('questions'))
      await check(page, lang, `${detail('questions')}?view=questionnaire#questionnaire`)
      await check(page, lang, detail('validated'))
      // A manual way and the list with a reported way.
      await check(page, lang, detail('manual'))
      await check(page, lang, '/ways/list/all/page/1')
      await context.close()
    })

    test(`the campaign questionnaire with one question of each type (${lang})`, async ({ browser, js }) => {
      const campaign = everyTypeCampaign()
      const { types, ...file } = campaign
      expect(types.length, 'the demo study holds every (supported) question type').toBeGreaterThanOrEqual(17)
      const id = (await admin('campaign:import', { data: file })).at(-1)!
      const { page, user, context } = await participantPage(browser, js, { campaign: false })
      await admin('campaign:assign', { campaign: id, email: user.email })
      await check(page, lang, `/campaign/questionnaire/initial?locale=${locale}`)
      const next = page.locator('main form button[name="intent"][value="next"]')

      // The first question is mandatory: Next without an answer shows the error next to it.
      await next.click()
      await page.waitForLoadState()
      await expect(page.locator('fieldset.qtn-q .field__error').first()).toHaveText(/\S/)
      await expectChecked(page, lang)
      await page.locator('fieldset.qtn-q input').first().fill('3')

      // Next through every question; axe on the first question of each type.
      expect(await throughEachType(page, () => expectChecked(page, lang))).toEqual([...types].sort())
      await context.close()
    })
  })
}

test('every page route of ROUTE_TABLE is visited above', async () => {
  // The route ids the tests above pass to check() (plus verify-email and the forced password change, which have
  // no URL of their own to open): a route added to the table must be added to a test here.
  const visited = [
    'UserRegister',
    'UserLogin',
    'UserResetRegistration',
    'UserResetPassword',
    'UserSetPassword',
    'UserVerifyEmail',
    'UserResume',
    'UserPasswordUpdateRequired',
    'Home',
    'Ways',
    'WaysList',
    'WaysTripDetails',
    'WaysAdd',
    'WaysEdit',
    'Pois',
    'Campaign',
    'CampaignInfo',
    'CampaignQuestionnaire',
    'Help',
    'HelpFaq',
    'HelpPrivacy',
    'HelpImprint',
    'Contact',
    'UserUpdatePassword',
    'UserDeleteAccount',
    'Sandbox',
    'NotFound',
  ]
  expect(
    ROUTE_TABLE.filter((r) => r.page)
      .map((r) => r.id)
      .sort(),
  ).toEqual([...visited].sort())
})

test.describe('keyboard, announcements and motion', () => {
  test('every control reached by Tab shows a focus ring', async ({ page, js }) => {
    test.skip(!js, 'keyboard focus needs no JavaScript, but one run is enough')
    await page.goto('/user/login')
    await loginAs(page, 'demo@example.org', 'demo1234')
    for (const url of ['/ways/list/all/page/1', '/pois', '/campaign/info', '/ways/add']) {
      await page.goto(url)
      const missing: string[] = []
      for (let i = 0; i < 40; i++) {
        await page.keyboard.press('Tab')
        const ring = await page.evaluate(() => {
          const el = document.activeElement as HTMLElement | null
          if (!el || el === document.body) return null
          const has = (s: CSSStyleDeclaration) =>
            (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2) ||
            (s.boxShadow !== 'none' && s.boxShadow !== '')
          const ok =
            has(getComputedStyle(el)) || has(getComputedStyle(el, '::after')) || has(getComputedStyle(el, '::before'))
          return ok ? '' : `${el.tagName.toLowerCase()}.${el.className} "${(el.textContent ?? '').trim().slice(0, 30)}"`
        })
        if (ring === null) break
        if (ring) missing.push(ring)
      }
      expect(missing, `controls without a focus ring on ${url}`).toEqual([])
    }
  })

  test('a dialog traps focus and gives it back to its opener', async ({ browser, js }) => {
    test.skip(!js, 'without JavaScript a dialog is a section of the page')
    const { page, context } = await participantPage(browser, js)
    await page.goto('/pois')
    await page.locator('.cookie-banner button').click()
    const opener = page.locator('a[href*="dialog=add"]').first()
    await opener.focus()
    await page.keyboard.press('Enter')
    const dialog = page.locator('dialog#add[open]')
    await expect(dialog).toBeVisible()
    // Tab cycles through the dialog; the only way out is the browser's own interface (focus on no element).
    const inside = new Set<string>()
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press('Tab')
      const where = await page.evaluate(() => {
        const el = document.activeElement
        if (!el || el === document.body) return 'browser'
        return el.closest('dialog[open]')
          ? `${el.tagName}#${el.id}.${el.getAttribute('name') ?? ''}.${el.textContent?.trim().slice(0, 20)}`
          : `outside: ${el.outerHTML.slice(0, 80)}`
      })
      expect(where, `focus after Tab ${i + 1}`).not.toMatch(/^outside/)
      if (where !== 'browser') inside.add(where)
    }
    expect(inside.size, 'controls reached inside the dialog').toBeGreaterThan(2)
    await page.keyboard.press('Escape')
    await expect(page.locator('dialog[open]')).toHaveCount(0)
    await expect(page).not.toHaveURL(/dialog=/)
    await expect(opener).toBeFocused()
    await context.close()
  })

  test('modes show their names as text (nothing only on hover), status badges have text', async ({ page }) => {
    await loginAs(page, 'demo@example.org', 'demo1234')
    await page.goto('/ways/list/all/page/1')
    const modes = page.locator('.trip-card__mode')
    expect(await modes.count()).toBeGreaterThan(0)
    const silent = await modes.evaluateAll((els) => els.filter((el) => !(el.textContent ?? '').trim()).length)
    expect(silent, 'modes without a visible name').toBe(0)
    expect(await page.locator('.trip-card [title]').count(), 'information only in a hover title').toBe(0)
    const badges = page.locator('.badge')
    expect(await badges.count()).toBeGreaterThan(0)
    const silentBadges = await badges.evaluateAll(
      (els) => els.filter((el) => !(el.textContent ?? '').trim() && !el.getAttribute('aria-label')).length,
    )
    expect(silentBadges, 'badges without text').toBe(0)
  })

  test('prefers-reduced-motion turns animations and transitions off', async ({ browser, js }) => {
    const context = await browser.newContext({ javaScriptEnabled: js, reducedMotion: 'reduce' })
    const page = await context.newPage()
    await loginAs(page, 'demo@example.org', 'demo1234')
    for (const url of ['/ways/list/all/page/1', '/pois?dialog=add#add', '/user/login']) {
      await page.goto(url)
      // Open the side menu (its panel slides in) so its styles apply too.
      const moving = await page.evaluate(() =>
        [...document.querySelectorAll('*')].flatMap((el) => {
          const s = getComputedStyle(el)
          const long = (v: string) =>
            v.split(',').some((x) => parseFloat(x) * (x.trim().endsWith('ms') ? 0.001 : 1) > 0.01)
          return long(s.transitionDuration) || (s.animationName !== 'none' && long(s.animationDuration))
            ? [`${el.tagName.toLowerCase()}.${el.className}`]
            : []
        }),
      )
      expect(moving, `moving elements on ${url}`).toEqual([])
    }
    await context.close()
  })
})
