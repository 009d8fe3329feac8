// The study at a glance and the reminders, against a real database and (for the mails) a real SMTP exchange.
import { eq } from 'drizzle-orm'
import { startTestSmtp, type TestSmtp } from '../../tests/smtp'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { testDatabase } from '../../tests/db'
import type { Database, Db } from '~/db/connect.server'
import { questionnaireCompletions, reminders, sessions, users, wayEdits, zeroTripDays } from '~/db/schema'
import { createMailer } from '~/infra/mailer.server'
import { createUser, importCampaign, importTrips } from './import.server'
import { studyStatus, waysPerDay } from './study.server'
import { remind } from './study/remind.server'
import { statusCsv, statusHtml, statusText } from './study/status-report.server'

const TZ = 'Europe/Berlin'
const DAY = 86_400_000
let database: Database
let db: Db
let campaignId: number
let base: Date
const tag = Date.now()
const ids: Record<string, number> = {}

const leg = (day: string, from: string, to: string) => ({
  startTime: `${day} ${from}`,
  endTime: `${day} ${to}`,
  tfcModes: ['WALK'],
  tripPurposes: [960_001],
})

beforeAll(async () => {
  database = await testDatabase()
  db = database.db
  campaignId = await importCampaign(
    db,
    {
      name: 'Status study',
      startDate: '2026-05-01',
      endDate: '2026-06-30',
      tripPurposes: [{ id: 960_001, name: 'Arbeit' }],
      trpFdbkReasons: [{ id: 960_002, name: 'Falsch' }],
    },
    { timeZone: TZ },
  )
  // Joined when the study began (every study day counts), unless told otherwise.
  const make = async (key: string, locale = 'de_DE', joinedAt: Date | null = new Date('2026-04-30T22:00:00Z')) => {
    const u = await createUser(db, {
      email: `${key}-${tag}@example.org`,
      password: 'secret123',
      campaignId,
      firstName: key,
      verified: true,
      joinedAt: joinedAt ?? undefined,
    })
    await db.update(users).set({ locale }).where(eq(users.id, u.id))
    ids[key] = u.id
    return u.email
  }
  // Active: four ways (confirmed, reported, two open of which one has unanswered questionnaires), a no-trip day.
  const active = await make('active')
  await importTrips(
    db,
    {
      email: active,
      trips: [
        {
          validationStatus: true,
          confirmationStatus: true,
          qtnAnswered: true,
          allQuestionsAnswered: true,
          legs: [{ ...leg('2026-05-04', '08:00', '08:30'), validationStatus: true, qtnsAnswered: true }],
        },
        { fdbkAvail: true, trpFdbkReasonIds: [960_002], legs: [leg('2026-05-04', '12:00', '12:30')] },
        {
          qtnAnswered: true,
          allQuestionsAnswered: true,
          legs: [{ ...leg('2026-05-05', '08:00', '08:30'), qtnsAnswered: true }],
        },
        { legs: [leg('2026-05-05', '17:00', '17:30')] },
      ],
    },
    { timeZone: TZ },
  )
  await db.insert(zeroTripDays).values({ userId: ids.active, day: '2026-05-06' })
  // Quiet, with nothing waiting: no reminder.
  await make('empty', 'de_DE', null)
  // Quiet, English, two ways waiting (their last activity: the end of their last way).
  const quiet = await make('quiet', 'en_US')
  await importTrips(
    db,
    {
      email: quiet,
      trips: [{ legs: [leg('2026-05-04', '09:00', '09:10')] }, { legs: [leg('2026-05-06', '09:00', '09:10')] }],
    },
    { timeZone: TZ },
  )
  // Every account exists by now; the status is taken days after this.
  base = new Date()
  // Seen nine days from now: active when the status is taken ten days from now.
  await db.insert(sessions).values({
    tokenHash: `h-${base.getTime()}`,
    userId: ids.active,
    lastSeenAt: new Date(base.getTime() + 9 * DAY),
    expiresAt: new Date(base.getTime() + 10 * DAY),
    absoluteExpiresAt: new Date(base.getTime() + 20 * DAY),
  })
})
afterAll(() => database.close())

const later = (days: number) => new Date(base.getTime() + days * DAY)

describe('studyStatus', () => {
  test('per participant: recorded, confirmed, reported, waiting, open questionnaires, no-trip days, activity; and the study', async () => {
    const s = await studyStatus(db, { campaignId, now: later(10), inactiveDays: 3 })
    const by = (key: string) => s.participants.find((p) => p.userId === ids[key])!
    expect(by('active')).toMatchObject({
      recorded: 4,
      confirmed: 1,
      reported: 1,
      waiting: 2,
      // The unconfirmed way's questionnaires cannot be answered yet.
      openQuestionnaires: 0,
      noTripDays: 1,
      // 61 study days (1 May to 30 June), two with ways, one confirmed without.
      openDays: 58,
      suggestionShare: 0,
      daysInactive: 1,
      inactive: false,
    })
    expect(by('active').lastActivity?.getTime()).toBe(later(9).getTime())
    expect(by('empty')).toMatchObject({ recorded: 0, waiting: 0, daysInactive: 10, inactive: true, lastActivity: null })
    expect(by('quiet')).toMatchObject({
      recorded: 2,
      confirmed: 0,
      waiting: 2,
      openQuestionnaires: 0,
      openDays: 59,
      suggestionShare: null,
      inactive: true,
      locale: 'en_US',
    })
    expect(s.totals).toEqual({
      participants: 3,
      recorded: 6,
      confirmed: 1,
      reported: 1,
      shareConfirmed: 1 / 6,
      shareSuggested: 0,
      inactive: 2,
    })

    const text = statusText(s, { withIdentity: false, timeZone: TZ })
    expect(text.at(-1)).toBe(
      'study: 3 participants, 6 ways recorded, 1 confirmed (16.7 %), 1 reported, 2 inactive for 3+ days, ' +
        'suggestion accepted unchanged on 0 % of confirmed ways',
    )
    // Pseudonymous unless asked: no address anywhere.
    expect(text.join('\n')).not.toContain('@example.org')
    expect(statusText(s, { withIdentity: true, timeZone: TZ }).join('\n')).toContain(`quiet-${tag}@example.org`)
  })

  test('an unknown campaign is refused', async () => {
    await expect(studyStatus(db, { campaignId: 999_999 })).rejects.toThrow('campaign 999999 does not exist')
  })

  test('CSV and a self-contained HTML page with the chart per study day and the quiet participants', async () => {
    const s = await studyStatus(db, { campaignId, now: later(10), inactiveDays: 3 })
    const csv = statusCsv(s, { withIdentity: false, timeZone: TZ }).split('\r\n')
    expect(csv[0]).toBe(
      'participant,ways_recorded,confirmed,reported,waiting,open_questionnaires,days_without_trips,last_activity,days_inactive,splits,merges,days_open,suggestion_accepted',
    )
    expect(csv).toHaveLength(3 + 2 + 1) // header, three participants, the study row, the final empty string
    expect(csv[4]).toBe('(study),6,1,1,4,0,1,,,0,0,117,0 %')

    // Every study day on the axis, days without ways too.
    const days = await waysPerDay(db, campaignId, TZ, later(10))
    expect(days).toHaveLength(61)
    expect(days[0]).toEqual({ day: '2026-05-01', recorded: 0, confirmed: 0 })
    expect(days.at(-1)?.day).toBe('2026-06-30')
    expect(days.slice(3, 6)).toEqual([
      { day: '2026-05-04', recorded: 3, confirmed: 1 },
      { day: '2026-05-05', recorded: 2, confirmed: 0 },
      { day: '2026-05-06', recorded: 1, confirmed: 0 },
    ])
    const html = statusHtml(s, days, { withIdentity: false, timeZone: TZ })
    expect(html).toMatch(/^<!doctype html>/)
    expect(html).toContain('<svg')
    expect(html).toContain('<title>2026-05-04: 3 recorded, 1 confirmed</title>')
    expect(html).toContain('<title>2026-05-07: no ways</title>')
    expect(html).toContain('Gone quiet (inactive for 3+ days): 2')
    // Opens offline: nothing fetched from anywhere, no scripts.
    expect(html).not.toMatch(/<script|\bsrc=|<link|https?:\/\/(?!www\.w3\.org\/2000\/svg)/)
  })

  test("counts each participant's splits and merges that were not undone", async () => {
    const edit = (kind: 'split' | 'merge' | 'undo', undone = false) => ({
      userId: ids.quiet,
      kind,
      beforeIds: [1],
      afterIds: [1, 2],
      undoneAt: undone ? later(1) : null,
    })
    await db.insert(wayEdits).values([edit('split'), edit('split'), edit('merge', true), edit('undo'), edit('merge')])
    const s = await studyStatus(db, { campaignId, now: later(10) })
    const quiet = s.participants.find((p) => p.userId === ids.quiet)!
    expect([quiet.splits, quiet.merges]).toEqual([2, 1])
    expect(s.participants.find((p) => p.userId === ids.active)).toMatchObject({ splits: 0, merges: 0 })
    expect(statusCsv(s, { withIdentity: false, timeZone: 'Europe/Berlin' }).split('\r\n').at(-2)).toMatch(
      /^\(study\)(,[^,]*){8},2,1,/,
    )
    await db.delete(wayEdits)
  })
})

describe('remind', () => {
  let smtp: TestSmtp
  let received: TestSmtp['received']
  let mailer: ReturnType<typeof createMailer>
  beforeAll(async () => {
    smtp = await startTestSmtp()
    received = smtp.received
    mailer = createMailer({ smtpUrl: smtp.url, outboxDir: '/nonexistent', from: 'Diary <noreply@example.org>' })
  })
  afterAll(() => smtp.close())

  const deps = () => ({ mailer, publicUrl: 'https://diary.example.org', projectTitle: 'Teststudie' })
  const sentRows = async () => db.select().from(reminders).where(eq(reminders.campaignId, campaignId))

  test('a dry run lists who would get one and sends nothing', async () => {
    const out = await remind(db, deps(), { campaignId, inactiveDays: 3, intervalDays: 7, dryRun: true, now: later(10) })
    expect(out[0]).toMatch(/^would remind p_[0-9a-f]+ \(2 ways waiting, inactive \d+ days, en_US\)$/)
    expect(out.at(-1)).toMatch(/^dry run: would send 1 reminder/)
    expect(received).toHaveLength(0)
    expect(await sentRows()).toHaveLength(0)
  })

  test('one mail per inactive participant with ways waiting, in their language, never twice within the interval', async () => {
    const out = await remind(db, deps(), {
      campaignId,
      inactiveDays: 3,
      intervalDays: 7,
      dryRun: false,
      now: later(10),
    })
    expect(out.at(-1)).toMatch(
      /^sent 1 reminder\(s\) for campaign \d+; 2 inactive for 3\+ days, 0 reminded within the last 7 days$/,
    )
    expect(received).toHaveLength(1)
    expect(received[0].to).toEqual([`quiet-${tag}@example.org`])
    const raw = received[0].raw.replace(/=\r?\n/g, '')
    expect(raw).toContain('<title>Your ways are waiting for your confirmation =E2=80=93 Teststudie</title>')
    expect(raw).toContain('number of ways: 2')
    // The real figures, not "a few days".
    const quietNow = (await studyStatus(db, { campaignId, now: later(10) })).participants.find(
      (p) => p.userId === ids.quiet,
    )!
    expect(raw).toContain(`days without an entry: ${quietNow.daysInactive}`)
    expect(raw).toContain('days between two reminders: at least 7')
    expect(raw).toContain('https://diary.example.org/ways/list/unconfirmed/page/1')
    expect((await sentRows()).map((r) => r.userId)).toEqual([ids.quiet])

    // Three days later: the quiet one is within the interval; the active one has gone quiet meanwhile.
    const again = await remind(db, deps(), {
      campaignId,
      inactiveDays: 3,
      intervalDays: 7,
      dryRun: false,
      now: later(13),
    })
    expect(again.at(-1)).toMatch(/^sent 1 reminder\(s\).*1 reminded within the last 7 days$/)
    expect(received.map((m) => m.to[0])).toEqual([`quiet-${tag}@example.org`, `active-${tag}@example.org`])
    expect(received[1].raw.replace(/=\r?\n/g, '')).toContain('Anzahl der Wege: 2') // in their language (German)

    // A week after the first: the quiet one is due again, the other not yet.
    await remind(db, deps(), { campaignId, inactiveDays: 3, intervalDays: 7, dryRun: false, now: later(17) })
    expect(received.map((m) => m.to[0])).toEqual([
      `quiet-${tag}@example.org`,
      `active-${tag}@example.org`,
      `quiet-${tag}@example.org`,
    ])
    expect(await sentRows()).toHaveLength(3)
  })

  test('three runs at once send each due participant one mail; an unverified account gets none', async () => {
    // A week after the last ones both are due again; the active one's address is no longer confirmed.
    await db.update(users).set({ verified: false }).where(eq(users.id, ids.active))
    const before = received.length
    const runs = await Promise.all(
      [0, 1, 2].map(() =>
        remind(db, deps(), { campaignId, inactiveDays: 3, intervalDays: 7, dryRun: false, now: later(24) }),
      ),
    )
    expect(received.slice(before).map((m) => m.to[0])).toEqual([`quiet-${tag}@example.org`])
    expect(runs.map((r) => r.at(-1)!.match(/^sent (\d)/)![1]).sort()).toEqual(['0', '0', '1'])
    expect((await sentRows()).filter((r) => r.userId === ids.active)).toHaveLength(1)
    const dry = await remind(db, deps(), { campaignId, inactiveDays: 3, intervalDays: 7, dryRun: true, now: later(40) })
    expect(dry.at(-1)).toMatch(/^dry run: would send 1 reminder/)
  })
})

describe('a late joiner', () => {
  test('counts only the study days from the day the account was created', async () => {
    const u = await createUser(db, {
      email: `late-${tag}@example.org`,
      password: 'secret123',
      campaignId,
      joinedAt: new Date('2026-06-20T10:00:00Z'),
    })
    await db.insert(zeroTripDays).values([
      { userId: u.id, day: '2026-06-10' },
      { userId: u.id, day: '2026-06-21' },
    ])
    const s = await studyStatus(db, { campaignId, now: later(10), timeZone: TZ })
    // 20 to 30 June: eleven days, one confirmed without ways; the mark before joining does not count.
    expect(s.participants.find((p) => p.userId === u.id)).toMatchObject({ noTripDays: 1, openDays: 10 })
  })
})

describe('open questionnaires: only those that can be answered now', () => {
  const B = 961_000
  const text = (qid: number) => ({
    id: qid,
    type: 'TEXT' as const,
    introTxt: 'Warum?',
    subQuestions: [{ id: qid * 10 + 1, answOpts: [{ id: qid * 100 + 1 }] }],
  })
  const questionnaire = (id: number, type: 'INITIAL' | 'FINAL' | 'TRIP_BASED', mandatory = false) => ({
    id,
    type,
    mandatory,
    section: { id, questions: [text(id + 1)] },
  })

  test('confirmed ways with questions left, the initial one, and the final one only once the initial is sent', async () => {
    const asked = await importCampaign(
      db,
      {
        name: 'Asking study',
        startDate: '2026-05-01',
        endDate: '2026-06-30',
        tripPurposes: [{ id: B + 1, name: 'Arbeit' }],
        questionnaires: [
          questionnaire(B + 100, 'INITIAL', true),
          questionnaire(B + 200, 'FINAL'),
          questionnaire(B + 300, 'TRIP_BASED'),
        ],
      },
      { timeZone: TZ },
    )
    const u = await createUser(db, {
      email: `asked-${tag}@example.org`,
      password: 'secret123',
      campaignId: asked,
      joinedAt: new Date('2026-04-30T22:00:00Z'),
    })
    const way = (day: string, extra: Record<string, unknown>, legExtra: Record<string, unknown> = {}) => ({
      legs: [{ ...leg(day, '08:00', '08:30'), tripPurposes: [B + 1], ...legExtra }],
      ...extra,
    })
    await importTrips(
      db,
      {
        email: u.email,
        trips: [
          // Confirmed, its trip questionnaire unanswered: can be answered now.
          way('2026-05-04', { validationStatus: true, confirmationStatus: true, allQuestionsAnswered: false }),
          // Every leg validated counts as confirmed: can be answered now.
          way('2026-05-05', { validationStatus: true, allQuestionsAnswered: false }, { validationStatus: true }),
          // Not confirmed yet: its questions come after the confirmation.
          way('2026-05-06', { allQuestionsAnswered: false }),
          // Confirmed and answered.
          way('2026-05-07', {
            validationStatus: true,
            confirmationStatus: true,
            qtnAnswered: true,
            allQuestionsAnswered: true,
          }),
          // Before the study began: not on the chart.
          way('2026-04-29', {}),
        ],
      },
      { timeZone: TZ },
    )
    const open = async () =>
      (await studyStatus(db, { campaignId: asked, now: later(10), timeZone: TZ })).participants[0]!.openQuestionnaires
    // Two ways and the initial questionnaire; the final one waits for the mandatory initial one.
    expect(await open()).toBe(3)
    await db.insert(questionnaireCompletions).values({ userId: u.id, questionnaireId: B + 100, scope: 'campaign' })
    expect(await open()).toBe(3) // the initial one sent, the final one open now
    await db.insert(questionnaireCompletions).values({ userId: u.id, questionnaireId: B + 200, scope: 'campaign' })
    expect(await open()).toBe(2)

    // The chart: from the study's first day, the way before it left out, days without ways in their place.
    const days = await waysPerDay(db, asked, TZ, later(10))
    expect(days[0]).toEqual({ day: '2026-05-01', recorded: 0, confirmed: 0 })
    expect(days).toHaveLength(61)
    expect(days.reduce((n, d) => n + d.recorded, 0)).toBe(4)

    // Without trip or leg questionnaires, an unanswered flag asks nothing.
    const silent = await importCampaign(
      db,
      {
        name: 'Silent study',
        startDate: '2026-05-01',
        endDate: '2026-06-30',
        tripPurposes: [{ id: B + 2, name: 'X' }],
      },
      { timeZone: TZ },
    )
    const v = await createUser(db, { email: `silent-${tag}@example.org`, password: 'secret123', campaignId: silent })
    await importTrips(
      db,
      {
        email: v.email,
        trips: [
          {
            validationStatus: true,
            confirmationStatus: true,
            allQuestionsAnswered: false,
            legs: [{ ...leg('2026-05-04', '08:00', '08:30'), tripPurposes: [B + 2] }],
          },
        ],
      },
      { timeZone: TZ },
    )
    const s = await studyStatus(db, { campaignId: silent, now: later(10), timeZone: TZ })
    expect(s.participants[0]!.openQuestionnaires).toBe(0)
  })
})
