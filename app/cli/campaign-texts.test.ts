// Several studies on one installation, against a real database (PGlite; PostgreSQL with TEST_DB_KIND=postgres): a
// logged-out visitor sees the default campaign's imprint, privacy, FAQ and contact, a participant their own
// campaign's and the default's where theirs has none, and texts of two campaigns are never mixed.
import { afterAll, beforeAll, expect, test } from 'vitest'
import { asSessionUser, serviceContext, testDatabase } from '../../tests/db'
import type { Database } from '~/db/connect.server'
import { runCommand } from '~/cli/commands.server'
import { contactEmail } from '~/services/campaign.server'
import { createUser, importCampaign } from '~/services/import.server'
import { infoService } from '~/services/info.server'

let database: Database
let first: number
let second: number
let bare: number

const study = (tag: string, base: number, texts: boolean) => ({
  name: `Studie ${tag}`,
  startDate: '2026-05-01',
  endDate: '2026-06-30',
  contactByEmail: texts ? `${tag}@example.org` : null,
  tripPurposes: [{ id: base + 1, name: 'Arbeit' }],
  faqs: texts ? [{ locale: 'de_DE', question: `Frage ${tag}?`, answ: `<p>Antwort ${tag}</p>` }] : [],
  textModules: texts
    ? [
        { txtModuleConstant: 'IMPRINT', locale: 'de_DE', text: `<p>Impressum ${tag}</p>` },
        { txtModuleConstant: 'PRIVACY', text: `<p>Datenschutz ${tag}</p>` },
      ]
    : [],
})

beforeAll(async () => {
  database = await testDatabase()
  first = await importCampaign(database.db, study('erste', 970_000, true), { timeZone: 'Europe/Berlin' })
  second = await importCampaign(database.db, study('zweite', 971_000, true), { timeZone: 'Europe/Berlin' })
  bare = await importCampaign(database.db, study('leer', 972_000, false), { timeZone: 'Europe/Berlin' })
})
afterAll(() => database.close())

async function texts(campaignId: number | null) {
  let ctx = serviceContext(database)
  if (campaignId !== undefined && campaignId !== null) {
    const email = `p${campaignId}-${Math.random()}@example.org`
    const u = await createUser(database.db, { email, password: 'secret123', campaignId })
    ctx = serviceContext(database, { user: asSessionUser({ id: u.id, email, campaignId }) })
  }
  const imprint = (await infoService.getTextModule(ctx, { txtModuleConstant: 'IMPRINT' })).txtModule.text
  const privacy = (await infoService.getTextModule(ctx, { txtModuleConstant: 'PRIVACY' })).txtModule.text
  const faq = (await infoService.getFaqList(ctx, {})).faqs.map((f) => f.question)
  return { imprint, privacy, faq, contact: await contactEmail(ctx) }
}

const of = (tag: string) => ({
  imprint: `<p>Impressum ${tag}</p>`,
  privacy: `<p>Datenschutz ${tag}</p>`,
  faq: [`Frage ${tag}?`],
  contact: `${tag}@example.org`,
})

test('logged out: the first imported campaign, until another is named the default; never a mix', async () => {
  expect(await texts(null)).toEqual(of('erste'))
  const { output } = await runCommand(database.db, 'campaign:default', { campaign: second })
  expect(output).toEqual([
    `campaign ${second} is the default: logged-out visitors see its imprint, privacy, FAQ and contact`,
  ])
  expect(await texts(null)).toEqual(of('zweite'))
  await expect(runCommand(database.db, 'campaign:default', { campaign: 999_999 })).rejects.toThrow(
    'campaign:default: campaign 999999 does not exist',
  )
  expect(await texts(null)).toEqual(of('zweite'))
})

test("logged in: the participant's own campaign's texts, the default's where theirs has none", async () => {
  await runCommand(database.db, 'campaign:default', { campaign: second })
  expect(await texts(first)).toEqual(of('erste'))
  expect(await texts(second)).toEqual(of('zweite'))
  expect(await texts(bare)).toEqual(of('zweite'))
})
