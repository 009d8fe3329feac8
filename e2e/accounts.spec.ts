// Accounts: register → mail in the outbox → verify → login → change password → logout → reset via link →
// login with the new password → delete account, plus the guards, the field validation messages, the forced password change and
// the throttle. Runs in both projects (JavaScript on and off).
import type { Page } from '@playwright/test'
import { admin, checkA11y, expect, loginAs, mailLink, participantPage, test, uniqueEmail } from './fixtures'
import { holdJavaScript } from './page-helpers'

// Long flows with several pages and an axe check each (a nojs axe check loads the page a second time).
test.describe.configure({ timeout: 180_000 })

async function submitLogin(page: Page, email: string, password: string) {
  await page.getByLabel('Id / Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Log in' }).click()
}

async function logout(page: Page) {
  await page.locator('details.side-menu > summary').click()
  await page.getByRole('button', { name: 'Log out' }).click()
  await expect(page).toHaveURL(/\/user\/login$/)
}

test('register → verify → login → change password → logout → reset → login → delete account', async ({
  page,
  visit,
}) => {
  const email = uniqueEmail('acc')
  // Register (English; the mails follow the language of the registration).
  await visit('/user/register?locale=en_US')
  await page.getByLabel('E-mail address').fill(email)
  await page.getByLabel('Password', { exact: true }).fill('first-pass')
  await page.getByLabel('Confirm password').fill('first-pass')
  await page.getByLabel('First name').fill('Erika')
  await page.getByRole('button', { name: 'Register' }).click()
  await expect(page).toHaveURL(/\/user\/login\/reg$/)
  await expect(page.getByText('Thank you for registering.')).toBeVisible()

  // Not verified yet: login goes to the not-verified notice with the resend link, the password cleared.
  await submitLogin(page, email, 'first-pass')
  await expect(page).toHaveURL(/\/user\/login\/nvf$/)
  await expect(page.getByText('Your e-mail address has not been confirmed yet.')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Send the confirmation e-mail again' })).toBeVisible()
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('')
  await checkA11y(page)

  // Verify with the link of the mail in the outbox.
  const verify = await mailLink(email, 'verify-email')
  expect(verify).toContain(`/user/verify-email?email=${encodeURIComponent(email)}&verstr=`)
  await page.goto(verify)
  await expect(page).toHaveURL(/\/user\/login\/verified$/)
  await expect(page.getByText('Your e-mail address is confirmed.')).toBeVisible()

  await submitLogin(page, email, 'first-pass')
  await expect(page).toHaveURL(/\/ways/)

  // Change password (main layout).
  await visit('/user/update-password')
  await page.getByLabel('Current password').fill('first-pass')
  await page.getByLabel('New password', { exact: true }).fill('second-pass')
  await page.getByLabel('Confirm new password').fill('second-pass')
  await page.getByRole('button', { name: 'Change password' }).click()
  await expect(page.getByText('Password changed.')).toBeVisible()

  await logout(page)
  await page.goto('/ways')
  await expect(page).toHaveURL(/\/user\/login/)

  // Reset via the link.
  await visit('/user/reset-password')
  await page.getByLabel('E-mail address').fill(email)
  await page.getByRole('button', { name: 'Send the link' }).click()
  await expect(page).toHaveURL(/\/user\/login$/)
  await expect(page.getByText('If the address is registered with us, we have sent you an e-mail.')).toBeVisible()
  const reset = await mailLink(email, 'set-password')
  await visit(reset.replace(/^https?:\/\/[^/]+/, ''))
  await page.getByLabel('New password', { exact: true }).fill('third-pass')
  await page.getByLabel('Confirm new password').fill('third-pass')
  await page.getByRole('button', { name: 'Save password' }).click()
  await expect(page).toHaveURL(/\/user\/login$/)
  await expect(page.getByText('New password set. You can log in now.')).toBeVisible()
  // The link works once.
  await page.goto(reset)
  await page.getByLabel('New password', { exact: true }).fill('fourth-pass')
  await page.getByLabel('Confirm new password').fill('fourth-pass')
  await page.getByRole('button', { name: 'Save password' }).click()
  await expect(page.getByText('The link is invalid or has expired.')).toBeVisible()

  await page.goto('/user/login')
  await submitLogin(page, email, 'second-pass')
  await expect(page.getByText('Your Id / Email and password do not match.')).toBeVisible()
  await submitLogin(page, email, 'third-pass')
  await expect(page).toHaveURL(/\/ways/)

  // Delete the account: the password can be shown and hidden (with and without JavaScript).
  await page.goto('/user/delete-account')
  const pwd = page.getByLabel('Current password')
  await pwd.fill('third-pass')
  const masked = () =>
    pwd.evaluate(
      (el) =>
        (el as HTMLInputElement).type === 'password' ||
        getComputedStyle(el).getPropertyValue('-webkit-text-security') === 'disc',
    )
  expect(await masked()).toBe(true)
  await page.getByLabel('Show password').check()
  expect(await masked()).toBe(false)
  await expect(pwd).toHaveValue('third-pass')
  await checkA11y(page)
  await page.getByLabel('Show password').uncheck()
  expect(await masked()).toBe(true)
  await page.getByRole('button', { name: 'Delete my account for good' }).click()
  await expect(page).toHaveURL(/\/user\/login$/)
  await expect(page.getByText('Your account and all its data have been deleted.')).toBeVisible()
  // The data is gone: login fails.
  await submitLogin(page, email, 'third-pass')
  await expect(page.getByText('Your Id / Email and password do not match.')).toBeVisible()
})

test('guards: a logged-in user on /user/login goes to /ways; logged out, /ways goes to login; links without parameters go to login', async ({
  browser,
  js,
}) => {
  const { page, context } = await participantPage(browser, js)
  await page.goto('/user/login')
  await expect(page).toHaveURL(/\/ways/)
  await page.goto('/user/resume/unknown-id?locale=en_US')
  await expect(page.getByText('The kept entries are no longer available')).toBeVisible()
  await checkA11y(page)
  await context.clearCookies()
  await page.goto('/ways')
  await expect(page).toHaveURL(/\/user\/login/)
  await page.goto('/user/set-password?email=a%40example.org')
  await expect(page).toHaveURL(/\/user\/login$/)
  await page.goto('/user/verify-email?verstr=abc')
  await expect(page).toHaveURL(/\/user\/login$/)
  await page.goto('/user/verify-email?email=a%40example.org&verstr=wrong')
  await expect(page).toHaveURL(/\/user\/login\/nvf$/)
  await context.close()
})

test('validation messages next to their fields', async ({ page, browser, js }) => {
  await page.goto('/user/login?locale=en_US')
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(page.getByText('Please enter your email address.')).toBeVisible()
  await expect(page.getByText('Please enter your password.')).toBeVisible()
  await checkA11y(page)

  await page.goto('/user/register')
  await page.getByLabel('E-mail address').fill('not-an-address')
  await page.getByLabel('Password', { exact: true }).fill('ab')
  await page.getByRole('button', { name: 'Register' }).click()
  await expect(page.getByText('Please enter a valid email address.')).toBeVisible()
  await expect(page.getByText('The password must be at least 3 characters long.')).toBeVisible()
  await checkA11y(page)

  const { page: p2, context } = await participantPage(browser, js)
  await p2.goto('/user/update-password?locale=en_US')
  await p2.getByLabel('Current password').fill('secret123')
  await p2.getByLabel('New password', { exact: true }).fill('abcdef')
  await p2.getByLabel('Confirm new password').fill('abcdeX')
  await p2.getByRole('button', { name: 'Change password' }).click()
  await expect(p2.getByText('Your confirmation does not match your new password.')).toBeVisible()
  await p2.getByLabel('Current password').fill('wrong-one')
  await p2.getByLabel('New password', { exact: true }).fill('abcdef')
  await p2.getByLabel('Confirm new password').fill('abcdef')
  await p2.getByRole('button', { name: 'Change password' }).click()
  await expect(p2.getByText('The current password is not correct.')).toBeVisible()
  await checkA11y(p2)
  await context.close()
})

test('forced password change after an expired password (German)', async ({ page }) => {
  const email = uniqueEmail('forced')
  await admin('user:create', { email, password: 'old-pass', verified: true, campaign: 1, passwordUpdateRequired: true })
  await loginAs(page, email, 'old-pass')
  await expect(page).toHaveURL(/\/user\/password-update-required$/)
  await expect(page.getByRole('heading', { name: 'Bitte ändern Sie Ihr Passwort' })).toBeVisible()
  await checkA11y(page)
  await page.getByLabel('Aktuelles Passwort').fill('old-pass')
  await page.getByLabel('Neues Passwort', { exact: true }).fill('new-pass')
  await page.getByLabel('Neues Passwort bestätigen').fill('new-pass')
  await page.getByRole('button', { name: 'Passwort ändern und neu anmelden' }).click()
  // Logout and login again.
  await expect(page).toHaveURL(/\/user\/login$/)
  await expect(page.getByText('Bitte melden Sie sich mit Ihrem neuen Passwort wieder an.')).toBeVisible()
  await loginAs(page, email, 'new-pass')
  await expect(page).toHaveURL(/\/ways/)
})

test('throttle: the sixth login after 5 failures answers 429 with a translated message', async ({ page, js }) => {
  test.skip(js, 'one project is enough (the count is per client address too)')
  const email = uniqueEmail('throttle')
  await admin('user:create', { email, password: 'right-pass', verified: true })
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': '198.51.100.17' })
  await page.goto('/user/login?locale=en_US')
  for (let i = 0; i < 5; i++) {
    await submitLogin(page, email, `wrong-${i}`)
    await expect(page.getByText('Your Id / Email and password do not match.')).toBeVisible()
  }
  const answer = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/user/login'))
  await submitLogin(page, email, 'right-pass')
  expect((await answer).status()).toBe(429)
  await expect(page.getByText('Too many attempts. Please wait a few minutes and try again.')).toBeVisible()
})

test('log out everywhere: a second device loses its session too', async ({ browser, js }) => {
  const { page, user, context } = await participantPage(browser, js)
  const other = await browser.newContext({ javaScriptEnabled: js, locale: 'de-DE', timezoneId: 'Europe/Berlin' })
  const second = await other.newPage()
  await loginAs(second, user.email, user.password)
  await page.goto('/user/update-password?locale=en_US')
  await page.getByRole('button', { name: 'End all sessions' }).click()
  await expect(page).toHaveURL(/\/user\/login$/)
  await second.goto('/ways')
  await expect(second).toHaveURL(/\/user\/login/)
  await context.close()
  await other.close()
})

test('honeypot: a login with the hidden field filled is refused, the same login left alone passes', async ({
  page,
}) => {
  const email = uniqueEmail('honeypot')
  await admin('user:create', { email, password: 'right-pass', verified: true })
  await page.goto('/user/login?locale=en_US')
  // The field is not shown to people; a bot fills every field it finds.
  await expect(page.locator('input[name="website"]')).toBeHidden()
  await page
    .locator('input[name="website"]')
    .evaluate((el) => ((el as HTMLInputElement).value = 'https://spam.example'))
  await submitLogin(page, email, 'right-pass')
  // The bot is sent away as if it had succeeded, but has no session: the diary sends it to the login.
  await page.goto('/ways')
  await expect(page).toHaveURL(/\/user\/login/)
  // A forged "valid from" time is refused the same way.
  await page.locator('input[name="from__confirm"]').evaluate((el) => ((el as HTMLInputElement).value = 'not-encrypted'))
  await submitLogin(page, email, 'right-pass')
  await page.goto('/ways')
  await expect(page).toHaveURL(/\/user\/login/)
  // A person leaves the hidden fields as the page made them.
  await submitLogin(page, email, 'right-pass')
  await expect(page).toHaveURL(/\/ways/)
})

test('a password shown before the page’s JavaScript arrives stays shown, and the account is deleted', async ({
  browser,
  js,
}) => {
  test.skip(!js, 'without JavaScript nothing hydrates: the fields are the browser’s alone')
  const { page, context } = await participantPage(browser, js)
  const script = await holdJavaScript(context)
  await page.goto('/user/delete-account?locale=en_US', { waitUntil: 'domcontentloaded' })
  const pwd = page.getByLabel('Current password')
  await pwd.fill('secret123')
  await page.getByLabel('Show password').check()
  script.release()
  // Hydrated: the field is a real password field now, no longer masked by the style sheet.
  await expect(pwd).not.toHaveClass(/password-field__masked/)
  await expect(page.getByLabel('Show password')).toBeChecked()
  await expect(pwd).toHaveAttribute('type', 'text')
  await expect(pwd).toHaveValue('secret123')
  await page.getByLabel('Show password').uncheck()
  await expect(pwd).toHaveAttribute('type', 'password')
  await page.getByRole('button', { name: 'Delete my account for good' }).click()
  await expect(page).toHaveURL(/\/user\/login$/)
  await expect(page.getByText('Your account and all its data have been deleted.')).toBeVisible()
  await context.close()
})
