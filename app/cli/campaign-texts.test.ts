// Several studies on one installation, against a real database (PGlite; PostgreSQL with TEST_DB_KIND=postgres): a
// logged-out visitor sees the default campaign's imprint, privacy, FAQ and contact, a participant their own
// campaign's and the default's where theirs has none (a participant of no campaign: the default's), and texts of two
// campaigns are never mixed. A campaign's name and description are kept per language and shown in the caller's,
// the description as sanitised HTML.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { asSessionUser, serviceContext, testDatabase } from '../../tests/db'
import type { Database } from '~/db/connect.server'
import { runCommand } from '~/cli/commands.server'
import { contactEmail, currentCampaign } from '~/services/campaign.server'
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

/** What a visitor sees: logged out (null), or a participant of the campaign ('none': of no campaign). */
async function texts(campaignId: number | 'none' | null) {
  let ctx = serviceContext(database)
  if (campaignId !== null) {
    const own = campaignId === 'none' ? null : campaignId
    const email = `p${campaignId}-${Math.random()}@example.org`
    const u = await createUser(database.db, { email, password: 'secret123', campaignId: own ?? undefined })
    ctx = serviceContext(database, { user: asSessionUser({ id: u.id, email, campaignId: own }) })
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
  expect(await texts('none')).toEqual(of('zweite'))
})

describe("a campaign's name and description", () => {
  let base = 973_000
  const file = (name: unknown, desc: unknown) => ({ ...study('sprachen', (base += 1000), false), name, desc })
  const read = async (campaignId: number, locale: 'de_DE' | 'en_US') => {
    const email = `reader-${campaignId}-${locale}-${Math.random()}@example.org`
    const u = await createUser(database.db, { email, password: 'secret123', campaignId })
    const ctx = serviceContext(database, { locale, user: asSessionUser({ id: u.id, email, campaignId }) })
    const c = (await currentCampaign(ctx))!
    return { name: c.name, desc: c.desc }
  }
  const imported = async (data: unknown) => {
    const { output } = await runCommand(database.db, 'campaign:import', { data })
    return { id: Number(output.at(-1)), notes: output.filter((l) => l.startsWith('note: ')) }
  }

  test('kept per language, shown in the caller’s, the HTML sanitised; campaign:export gives them back', async () => {
    const name = { de_DE: 'Wege in Potsdam', en_US: 'Ways in Potsdam' }
    const desc = {
      de_DE: '<p>Wir untersuchen <strong>Ihre Wege</strong>.</p><script>alert(1)</script><p onclick="x()">Danke!</p>',
      en_US: '<p>We study <em>your ways</em>.</p>',
    }
    const { id, notes } = await imported(file(name, desc))
    expect(notes.filter((n) => /has no/.test(n))).toEqual([])
    expect(await read(id, 'de_DE')).toEqual({
      name: 'Wege in Potsdam',
      desc: '<p>Wir untersuchen <strong>Ihre Wege</strong>.</p><p>Danke!</p>',
    })
    expect(await read(id, 'en_US')).toEqual({ name: 'Ways in Potsdam', desc: '<p>We study <em>your ways</em>.</p>' })
    const exported = JSON.parse((await runCommand(database.db, 'campaign:export', { campaign: id })).output.join('\n'))
    expect({ name: exported.name, desc: exported.desc }).toEqual({ name, desc })
  })

  test('one text for every language stays one; a language missing is noted at import and the other shown', async () => {
    const plain = await imported(file('Eine Studie', 'Text für alle, mit < und &.'))
    expect(plain.notes.filter((n) => /has no/.test(n))).toEqual([])
    expect(await read(plain.id, 'en_US')).toEqual({ name: 'Eine Studie', desc: 'Text für alle, mit &lt; und &amp;.' })

    const german = await imported(file({ de_DE: 'Nur Deutsch' }, { de_DE: '<p>Nur deutsch beschrieben</p>' }))
    expect(german.notes).toEqual(
      expect.arrayContaining([
        'note: name has no en_US text: pages in that language show the de_DE one',
        'note: desc has no en_US text: pages in that language show the de_DE one',
      ]),
    )
    expect(await read(german.id, 'en_US')).toEqual({ name: 'Nur Deutsch', desc: '<p>Nur deutsch beschrieben</p>' })
    // A dry run notes it too, before anything is written.
    const dry = await runCommand(database.db, 'campaign:import', {
      data: file({ en_US: 'Only English' }, ''),
      dryRun: true,
    })
    expect(dry.output).toContain('note: name has no de_DE text: pages in that language show the en_US one')
  })
})
