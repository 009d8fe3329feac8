// Foundation: the route table and its guards, locale switching, the cookie banner,
// the public pages and the 404 — each run with JavaScript on and off.
import { test, expect, DEMO, loginAs } from './fixtures'

test.describe('guards', () => {
  for (const path of [
    '/',
    '/ways',
    '/ways/list/all/page/1',
    '/pois',
    '/campaign',
    '/campaign/info',
    '/user/update-password',
    '/user/delete-account',
  ]) {
    test(`a logged-out visit to ${path} goes to the login`, async ({ page }) => {
      await page.goto(path)
      await expect(page).toHaveURL(/\/user\/login/)
      await expect(page.locator('input[name="idStr"]')).toBeVisible()
    })
  }

  test('redirects: / → /ways → list page 1; /campaign → info; /help → faq', async ({ page }) => {
    await loginAs(page, DEMO.email, DEMO.password)
    await page.goto('/')
    await expect(page).toHaveURL(/\/ways\/list\/all\/page\/1$/)
    await page.goto('/campaign')
    await expect(page).toHaveURL(/\/campaign\/info$/)
    await page.goto('/help')
    await expect(page).toHaveURL(/\/help\/faq$/)
  })

  test('a logged-in user opening the login goes to the ways; after login the page asked for is shown', async ({
    page,
  }) => {
    await page.goto('/help/faq')
    await page.goto('/pois')
    await expect(page).toHaveURL(/redirectTo=%2Fpois/)
    await page.locator('input[name="idStr"]').fill(DEMO.email)
    await page.locator('input[name="password"]').fill(DEMO.password)
    await page.locator('main form button[type="submit"]').first().click()
    await expect(page).toHaveURL(/\/pois$/)
    await page.goto('/user/login')
    await expect(page).toHaveURL(/\/ways/)
  })

  test('an add-way date not of the form YYYY-MM-DD answers 404; an unknown list filter falls back to all', async ({
    page,
  }) => {
    await loginAs(page, DEMO.email, DEMO.password)
    const res = await page.goto('/ways/add/2026-1-02')
    expect(res?.status()).toBe(404)
    const list = await page.goto('/ways/list/bogus/page/1')
    expect(list?.status()).toBeLessThan(400)
  })
})

test('any other path answers the not-found page with 404, in both languages', async ({ page, visit }) => {
  const res = await page.goto('/does/not/exist')
  expect(res?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Seite nicht gefunden')
  await expect(page).toHaveTitle(/Seite nicht gefunden \| .+/)
  await visit('/does/not/exist?locale=en_US')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found')
})

test('?locale= switches the language, persists it in a cookie and sets <html lang>', async ({ page }) => {
  await page.goto('/help/faq')
  await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE')
  await page.getByRole('link', { name: 'English' }).click()
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US')
  await page.goto('/contact')
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact')
  await page.goto('/contact?locale=de_DE')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kontakt')
})

test('the cookie banner: OK sets privacy=accepted for a year and it does not come back', async ({ page, context }) => {
  await page.goto('/help/faq')
  const banner = page.getByRole('button', { name: 'OK' })
  await expect(banner).toBeVisible()
  await banner.click()
  await expect(page.getByRole('button', { name: 'OK' })).toHaveCount(0)
  const cookie = (await context.cookies()).find((c) => c.name === 'privacy')
  expect(cookie?.value).toBe('accepted')
  expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(360 * 24 * 3600 * 1000)
  await page.goto('/contact')
  await expect(page.getByRole('button', { name: 'OK' })).toHaveCount(0)
  await expect(page).toHaveURL(/\/contact$/)
})

test.describe('public pages', () => {
  test('FAQ answers expand and collapse', async ({ page, visit }) => {
    await visit('/help/faq')
    const first = page.locator('details.faq__item').first()
    await expect(first).not.toHaveAttribute('open', '')
    await first.locator('summary').click()
    await expect(first).toHaveAttribute('open', '')
    await expect(first.locator('.faq__answer')).toBeVisible()
    await first.locator('summary').click()
    await expect(first).not.toHaveAttribute('open', '')
  })

  test('imprint shows a login link only when logged out; privacy is there; the help area links the manual when logged in', async ({
    page,
    visit,
  }) => {
    await visit('/help/imprint')
    await expect(page.locator('.prose')).toContainText('Musterstraße')
    await expect(page.getByRole('link', { name: 'Zur Anmeldung' })).toBeVisible()
    await visit('/help/privacy')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Datenschutz')
    await expect(page.getByRole('link', { name: 'Handbuch (PDF)' })).toHaveCount(0)
    await loginAs(page, DEMO.email, DEMO.password)
    await visit('/help/imprint')
    await expect(page.getByRole('link', { name: 'Zur Anmeldung' })).toHaveCount(0)
    await expect(page.getByRole('link', { name: 'Handbuch (PDF)' })).toHaveAttribute('href', '/manual.pdf')
    const pdf = await page.request.get('/manual.pdf')
    expect(pdf.status()).toBe(200)
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-')
  })

  test('contact shows the postal address and the campaign e-mail, logged out the installation’s default campaign’s', async ({
    page,
    visit,
  }) => {
    await visit('/contact')
    await expect(page.locator('address')).toContainText('Musterstraße 1')
    await expect(page.locator('a[href^="mailto:"]')).toHaveAttribute(
      'href',
      'mailto:studie@mobilitaetsforschung.example',
    )
    await loginAs(page, DEMO.email, DEMO.password)
    await visit('/contact')
    await expect(page.locator('a[href^="mailto:"]')).toBeVisible()
  })

  test('the sandbox shows a trip-purpose selector', async ({ page, visit }) => {
    await loginAs(page, DEMO.email, DEMO.password)
    await visit('/sandbox')
    await page.getByRole('checkbox').first().check()
    await page.getByRole('button', { name: 'Anzeigen' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Ausgewählt:' })).toBeVisible()
  })
})

test.describe('main layout', () => {
  test('navigation shows only when logged in; campaign entry for a campaign member; user name in the header', async ({
    page,
  }) => {
    await page.goto('/contact')
    await expect(page.getByRole('navigation', { name: 'Hauptnavigation' })).toHaveCount(0)
    await loginAs(page, DEMO.email, DEMO.password)
    await page.goto('/contact')
    await expect(page.getByRole('link', { name: 'Kampagne' }).first()).toBeAttached()
    await expect(page.getByRole('link', { name: 'Wege' }).first()).toBeAttached()
    await expect(page.locator('.side-menu__user')).toHaveText('Dana Demo')
  })

  test('logout is a POST that ends the session', async ({ page }) => {
    await loginAs(page, DEMO.email, DEMO.password)
    await page.goto('/contact')
    await page.locator('details.side-menu summary').click()
    await page.getByRole('button', { name: 'Abmelden' }).click()
    await expect(page).toHaveURL(/\/user\/login/)
    await page.goto('/ways')
    await expect(page).toHaveURL(/\/user\/login/)
  })
})

test('the participation path redirects to the right store', async ({ request }) => {
  const iphone = await request.get('/participate/1', {
    maxRedirects: 0,
    headers: {
      'User-Agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
    },
  })
  expect(iphone.status()).toBe(302)
  expect(iphone.headers().location).toContain('apps.apple.com')
  const android = await request.get('/participate/1', {
    maxRedirects: 0,
    headers: { 'User-Agent': 'Mozilla/5.0 (Linux; Android 14) Chrome/120 Mobile' },
  })
  expect(android.headers().location).toContain('play.google.com')
})

test('security headers and a cross-site form post is refused', async ({ request }) => {
  const res = await request.get('/user/login')
  const csp = res.headers()['content-security-policy']
  expect(csp).toMatch(/script-src 'nonce-[^']+' 'strict-dynamic'/)
  expect(csp).toContain("object-src 'none'")
  expect(csp).toContain("frame-ancestors 'none'")
  expect(res.headers()['x-content-type-options']).toBe('nosniff')
  // Refused before the action runs (our Origin check answers 403; React Router's own check may answer 400 first).
  const post = await request.post('/user/login', {
    form: { idStr: 'demo@example.org', password: 'demo1234' },
    headers: { Origin: 'https://evil.example' },
    maxRedirects: 0,
  })
  expect([400, 403]).toContain(post.status())
  expect(post.headers()['set-cookie'] ?? '').not.toContain('td_session=')
})

test.describe('service-method endpoint over HTTP', () => {
  const url = '/functions/invoke-service-method'
  test('login and a session call; malformed JSON 400; unknown method 400; body over 1 MB 413', async ({ request }) => {
    const login = await request.post(url, {
      data: {
        serviceName: 'user',
        methodName: 'login',
        environment: 'production',
        params: { idStr: DEMO.email, password: DEMO.password, platformConstant: 'WEB' },
      },
    })
    expect(login.status()).toBe(200)
    const session = (await login.json()).return.session as string
    const modes = await request.post(url, {
      data: {
        serviceName: 'info',
        methodName: 'getTrafficModes',
        environment: 'production',
        params: { session, locale: 'en_US' },
      },
    })
    expect((await modes.json()).return.tfcModes).toHaveLength(12)
    const bad = await request.post(url, { data: '{nope', headers: { 'Content-Type': 'application/json' } })
    expect(bad.status()).toBe(400)
    expect((await bad.json()).return.errs[0].constant).toBe('MALFORMED_REQUEST')
    const unknown = await request.post(url, { data: { serviceName: 'info', methodName: 'constructor', params: {} } })
    expect(unknown.status()).toBe(400)
    const huge = await request.post(url, {
      data: JSON.stringify({ serviceName: 'info', methodName: 'getLocales', params: { pad: 'x'.repeat(1_100_000) } }),
      headers: { 'Content-Type': 'application/json' },
    })
    expect(huge.status()).toBe(413)
    const noSession = await request.post(url, {
      data: { serviceName: 'info', methodName: 'getTripPurposes', params: {} },
    })
    expect((await noSession.json()).return.errs[0].constant).toBe('SESSION_NOT_SET')
  })
})
