// Several studies on one installation, and only real study days, with JavaScript on and off. A second campaign with
// texts of its own: a logged-out visitor sees the default campaign's (the demo, imported first) imprint, privacy
// text, FAQ and contact, never a mix; the second campaign's participant sees theirs, and its name and description
// (HTML, per language) as written. A participant who joined late is offered no day before joining, and not today.
import type { Page } from '@playwright/test'
import { test, expect, admin, checkA11y, day, loginAs, participantPage, uniqueEmail, BASE } from './fixtures'
import { acceptCookies, toast } from './page-helpers'

test.describe.configure({ timeout: 90_000 })

const DEMO_CONTACT = 'studie@mobilitaetsforschung.example'

/** A campaign of its own: every text carries `marker`, so any of it on another campaign's page shows. */
function secondStudy(marker: string) {
  const b = 300_000_000 + Math.floor(Math.random() * 9_000) * 1_000
  return {
    name: { de_DE: `Radstudie ${marker}`, en_US: `Cycling study ${marker}` },
    desc: {
      de_DE: `<p>Wir untersuchen <strong>Radwege ${marker}</strong>.</p><script>alert(1)</script>`,
      en_US: `<p>We study <strong>cycle paths ${marker}</strong>.</p>`,
    },
    startDate: day(-20),
    endDate: day(20),
    contactByEmail: `${marker.toLowerCase()}@example.org`,
    tripPurposes: [{ id: b + 1, name: { de_DE: 'Arbeit', en_US: 'Work' } }],
    faqs: [{ locale: 'de_DE', question: `Frage ${marker}?`, answ: `<p>Antwort ${marker}</p>` }],
    textModules: [
      { txtModuleConstant: 'IMPRINT', text: `<p>Impressum ${marker}</p>` },
      { txtModuleConstant: 'PRIVACY', text: `<p>Datenschutz ${marker}</p>` },
    ],
  }
}

/** Imprint, privacy, FAQ and contact as the page's visitor sees them (each checked with axe). */
async function publicTexts(page: Page) {
  const read = async (url: string, selector: string) => {
    await page.goto(url)
    await checkA11y(page)
    return (await page.locator(selector).innerText()).replace(/\s+/g, ' ')
  }
  return {
    imprint: await read('/help/imprint', 'main .prose'),
    privacy: await read('/help/privacy', 'main .prose'),
    faq: await read('/help/faq', 'main'),
    contact: await read('/contact', 'main .card'),
  }
}

test('two campaigns: logged out the default’s texts, a participant their own campaign’s, never a mix', async ({
  browser,
  page,
  js,
}) => {
  const marker = `Zweite${Date.now().toString(36)}${js ? 'J' : 'N'}`
  const campaign = (await admin('campaign:import', { data: secondStudy(marker) })).at(-1)!

  // Logged out: the demo study's texts, nothing of the second.
  const out = await publicTexts(page)
  expect(out.imprint).toContain('Musterstraße 1')
  expect(out.privacy).toContain('Mobil in Berlin 2026')
  expect(out.faq).toContain('Wie werden meine Wege erfasst?')
  expect(out.contact).toContain(DEMO_CONTACT)
  expect(JSON.stringify(out)).not.toContain(marker)

  // A participant of the second campaign: its texts, nothing of the demo's.
  const email = uniqueEmail('second')
  await admin('user:create', { email, password: 'secret123', verified: true, campaign, joined: day(-20) })
  await loginAs(page, email, 'secret123')
  await acceptCookies(page)
  const own = await publicTexts(page)
  expect(own.imprint).toBe(`Impressum ${marker}`)
  expect(own.privacy).toBe(`Datenschutz ${marker}`)
  expect(own.faq).toContain(`Frage ${marker}?`)
  expect(own.faq).not.toContain('Wie werden meine Wege erfasst?')
  expect(own.contact).toContain(`${marker.toLowerCase()}@example.org`)
  expect(JSON.stringify(own)).not.toContain(DEMO_CONTACT)

  // The campaign's name and description as written: HTML rendered, sanitised, in the participant's language.
  await page.goto('/campaign/info')
  await checkA11y(page)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Radstudie ${marker}`)
  const desc = page.locator('.campaign-info .prose')
  await expect(desc.locator('strong')).toHaveText(`Radwege ${marker}`)
  await expect(desc).toHaveText(`Wir untersuchen Radwege ${marker}.`)
  expect(await page.content()).not.toContain('&lt;p&gt;')
  await page.goto('/campaign/info?locale=en_US')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Cycling study ${marker}`)
  await expect(desc.locator('strong')).toHaveText(`cycle paths ${marker}`)

  // A participant of the demo study still sees the demo's.
  const demo = await participantPage(browser, js)
  const theirs = await publicTexts(demo.page)
  expect(theirs.contact).toContain(DEMO_CONTACT)
  expect(JSON.stringify(theirs)).not.toContain(marker)
  await demo.context.close()
})

/** 'Mo 16.11.', as a run of days without ways names its first and last day. */
const short = (d: string) =>
  `${new Intl.DateTimeFormat('de-DE', { weekday: 'short', timeZone: 'UTC' }).format(new Date(`${d}T12:00:00Z`)).replace(/\.$/, '')} ${d.slice(8, 10)}.${d.slice(5, 7)}.`

test('a late joiner: no day before joining and not today is offered as a day without ways', async ({ browser, js }) => {
  // Joined the day before yesterday; a way from before (imported history) and one today.
  const way = (d: string) => ({
    legs: [{ startTime: `${d} 08:00`, endTime: `${d} 08:30`, len: 1500, tfcModes: ['WALK'], tripPurposes: [1] }],
  })
  const { page, context } = await participantPage(browser, js, {
    joined: day(-2),
    trips: [way(day(-5)), way(day(0))],
  })
  await page.waitForURL(/\/ways\/list\//)
  await page.goto('/ways/list/all/page/1')
  await acceptCookies(page)
  await checkA11y(page)
  // Yesterday and the day before: the only open days, one card for both.
  const run = page.locator('section.trip-run').filter({
    has: page.getByRole('heading', { level: 2, name: `${short(day(-2))} – ${short(day(-1))}`, exact: true }),
  })
  await expect(run).toHaveCount(1)
  await expect(run.getByRole('link', { name: /^2 Tage bestätigen/ })).toBeVisible()
  await expect(page.locator('section.trip-run')).toHaveCount(1)
  // Today shows its way and no day-without-ways card; the days before joining are not listed, their way's day is.
  const dayOf = (d: string) => page.locator(`section.trip-day#day-${d}`)
  await expect(dayOf(day(0)).locator('article.trip-card')).toHaveCount(1)
  await expect(dayOf(day(0)).getByRole('link', { name: /Keine Wege erfasst/ })).toHaveCount(0)
  await expect(dayOf(day(-3))).toHaveCount(0)
  await expect(dayOf(day(-4))).toHaveCount(0)
  await expect(dayOf(day(-5)).locator('article.trip-card')).toHaveCount(1)

  // A mark for a day before joining, posted anyway, is refused with the reason; nothing changes. (From another page:
  // the answer's address differs from this one only by its #fragment.)
  await page.goto('/ways/list/unconfirmed/page/1')
  const refused = await page.request.post(`${BASE}/ways/list/all/page/1`, {
    form: { intent: 'set-zero-trip-day', day: day(-3) },
    headers: { Origin: BASE },
    maxRedirects: 0,
  })
  expect(refused.status()).toBe(302)
  await page.goto(refused.headers().location!)
  await toast(page, 'Dieser Tag zählt nicht zu Ihren Studientagen')
  await expect(dayOf(day(-3))).toHaveCount(0)

  // Both open days confirmed in one go: exactly those two.
  await run.getByRole('link', { name: /^2 Tage bestätigen/ }).click()
  const dialog = js ? page.getByRole('dialog', { name: 'Tage ohne Wege?' }) : page.locator('section#noTripsRun')
  await dialog.getByRole('button', { name: 'An allen 2 Tagen nicht unterwegs' }).click()
  await expect(page.getByText('2 Tage ohne Wege gespeichert.')).toBeVisible()
  for (const d of [day(-1), day(-2)])
    await expect(dayOf(d).getByText('Bestätigt: an diesem Tag keine Wege')).toBeVisible()
  await context.close()
})
