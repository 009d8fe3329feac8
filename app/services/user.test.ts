// The user service against a real database: every method's rules and errors, the one-time token rules
// (expiry, single use, invalidation), the throttle, the enumeration-safe answers, and a real SMTP exchange.
import crypto from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { startTestSmtp } from '../../tests/smtp'
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import { memoryMailer, serviceContext, testDatabase, testEnv } from '../../tests/db'
import { constantOf as errorOf } from '../../tests/service-error'
import type { Database } from '~/db/connect.server'
import {
  answers,
  legs,
  oneTimeTokens,
  pendingPosts,
  pois,
  sessions,
  throttleEvents,
  trips,
  users,
  zeroTripDays,
} from '~/db/schema'
import type { Locale } from '~/domain/locale'
import { createMailer } from '~/infra/mailer.server'
import { type ServiceError, type ServiceContext, type SessionUser } from './core.server'
import * as password from './password.server'
import { findPendingPost, takePendingPost, PENDING_POST_MAX_AGE_MS } from './pending-posts.server'
import { resolveSession } from './session.server'
import { userService as user } from './user.server'
import { MIN_ANSWER_MS, THROTTLE } from './user/throttling.server'
import { TOKEN_TTL_MS } from './user/tokens.server'
import {
  accountExistsMail,
  resetPasswordMail,
  setPasswordLink,
  verificationMail,
  verifyLink,
} from './mail-templates.server'

// Count argon2 hashes without changing them (the enumeration tests assert both paths hash once).
vi.mock('./password.server', async (importOriginal) => {
  const orig = await importOriginal<typeof import('./password.server')>()
  return { ...orig, hashPassword: vi.fn(orig.hashPassword) }
})

const PUBLIC_URL = 'https://diary.example.org'
const env = testEnv({ PUBLIC_URL, PROJECT_TITLE: 'Testprojekt' })
let database: Database
let mailer: ReturnType<typeof memoryMailer>

beforeAll(async () => {
  database = await testDatabase()
})
afterAll(() => database.close())
beforeEach(() => {
  mailer = memoryMailer()
})

let n = 0
/** A fresh address and client address per test, so throttle counts never leak between tests. */
function fresh(prefix = 'u') {
  n++
  return {
    email: `${prefix}-${n}-${crypto.randomBytes(3).toString('hex')}@example.org`,
    ip: `10.0.${n >> 8}.${n & 255}`,
  }
}

function ctx(
  opts: {
    ip?: string
    now?: Date
    locale?: Locale
    user?: SessionUser | null
    token?: string
    mailer?: ServiceContext['mailer']
  } = {},
): ServiceContext {
  const c = serviceContext(database, {
    env,
    mailer: opts.mailer ?? mailer,
    locale: opts.locale ?? 'de_DE',
    now: opts.now,
    user: opts.user ?? null,
  })
  return { ...c, clientIp: opts.ip ?? '127.0.0.1', sessionToken: opts.token }
}

const userRow = async (email: string) =>
  (await database.db.select().from(users).where(eq(users.email, email.toLowerCase())))[0]

/** The token of the link in a mail's text (the part after verstr=). */
function linkOf(mailText: string, path: 'verify-email' | 'set-password') {
  const m = new RegExp(
    `${PUBLIC_URL.replace(/[.]/g, '\\.')}/user/${path}\\?email=([^&\\s]+)&verstr=([A-Za-z0-9_-]+)`,
  ).exec(mailText)
  if (!m) throw new Error(`no ${path} link in:\n${mailText}`)
  return { email: decodeURIComponent(m[1]!), token: m[2]! }
}

async function register(email: string, opts: { pwd?: string; ip?: string; locale?: Locale; now?: Date } = {}) {
  return user.register(ctx({ ip: opts.ip, locale: opts.locale, now: opts.now }), {
    pers: { alias: 'Al', firstName: 'Ada', lastName: 'Lovelace', idStr: email },
    pwd: opts.pwd ?? 'secret',
    platformConstant: 'WEB',
  })
}

/** Registers and verifies; returns the row and a logged-in SessionUser with its token. */
async function verifiedUser(opts: { pwd?: string; locale?: Locale } = {}) {
  const { email, ip } = fresh()
  await register(email, { pwd: opts.pwd, ip, locale: opts.locale })
  const { token } = linkOf(mailer.sent.at(-1)!.text, 'verify-email')
  await user.verifyEmailAddress(ctx({ ip }), { emailAddr: email, verificationStr: token })
  const login = await user.login(ctx({ ip }), { idStr: email, password: opts.pwd ?? 'secret' })
  const resolved = await resolveSession(database.db, login.session, new Date())
  if (resolved.state !== 'valid') throw new Error('no session')
  return { email, ip, row: (await userRow(email))!, session: login.session, sessionUser: resolved.user }
}

describe('register', () => {
  test('creates an unverified account in the request language and mails a verification link (text and HTML)', async () => {
    const { email, ip } = fresh('Reg')
    expect(await register(email.toUpperCase(), { ip, locale: 'en_US' })).toBeNull() // a null return means success
    const row = await userRow(email)
    expect(row).toMatchObject({
      email: email.toLowerCase(),
      verified: false,
      locale: 'en_US',
      alias: 'Al',
      firstName: 'Ada',
      lastName: 'Lovelace',
    })
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    expect(mailer.sent).toHaveLength(1)
    const mail = mailer.sent[0]!
    expect(mail.to).toBe(email.toLowerCase())
    expect(mail.subject).toBe('Please confirm your e-mail address – Testprojekt')
    const link = linkOf(mail.text, 'verify-email')
    expect(link.email).toBe(email.toLowerCase())
    expect(mail.text).toContain(verifyLink(PUBLIC_URL, email.toLowerCase(), link.token))
    expect(mail.html).toContain(verifyLink(PUBLIC_URL, email.toLowerCase(), link.token).replace(/&/g, '&amp;'))
    expect(mail.html).toMatch(/^<!doctype html>/)
    // 256 bits, stored only as its SHA-256.
    expect(Buffer.from(link.token, 'base64url')).toHaveLength(32)
    const [stored] = await database.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, row!.id))
    expect(stored).toMatchObject({
      kind: 'verify',
      tokenHash: crypto.createHash('sha256').update(link.token).digest('hex'),
      usedAt: null,
    })
    expect(JSON.stringify(stored)).not.toContain(link.token)
  })

  test('rejects an invalid address and a password under 3 characters', async () => {
    const { email, ip } = fresh()
    const c = ctx({ ip })
    const bad = (e: unknown) => (e as ServiceError).details?.path
    await expect(user.register(c, { pers: { idStr: 'not-an-address' }, pwd: 'secret' })).rejects.toSatisfy(
      (e) => bad(e) === 'pers.idStr',
    )
    await expect(user.register(c, { pers: { idStr: email }, pwd: 'ab' })).rejects.toSatisfy((e) => bad(e) === 'pwd')
    expect(await userRow(email)).toBeUndefined()
  })

  test('an address that already has an account gets the same answer; the owner gets a notice in their language', async () => {
    const { email, row } = await verifiedUser({ locale: 'de_DE' })
    mailer.sent.length = 0
    const { ip } = fresh()
    expect(await register(email, { pwd: 'other-password', ip, locale: 'en_US' })).toBeNull()
    expect((await database.db.select().from(users).where(eq(users.email, email))).length).toBe(1)
    expect((await userRow(email))!.passwordHash).toBe(row.passwordHash)
    expect(mailer.sent).toHaveLength(1)
    expect(mailer.sent[0]).toMatchObject({ to: email, subject: 'Ihr Konto – Testprojekt' })
    expect(mailer.sent[0]!.text).toContain(`${PUBLIC_URL}/user/reset-password`)
    expect(mailer.sent[0]!.text).not.toContain('verstr=')
  })

  test('registering again with a never verified address sends a fresh link and invalidates the first', async () => {
    const { email, ip } = fresh()
    await register(email, { ip })
    const first = linkOf(mailer.sent[0]!.text, 'verify-email')
    await register(email, { ip })
    const second = linkOf(mailer.sent[1]!.text, 'verify-email')
    expect(second.token).not.toBe(first.token)
    expect(await errorOf(user.verifyEmailAddress(ctx(), { emailAddr: email, verificationStr: first.token }))).toBe(
      'PROF_VERIFICATION_FAILED',
    )
    await user.verifyEmailAddress(ctx(), { emailAddr: email, verificationStr: second.token })
    expect((await userRow(email))!.verified).toBe(true)
  })
})

describe('login, logout, updateSessionValidity', () => {
  test('an unverified account answers PROF_NOT_VERIFIED; after verification login returns a session', async () => {
    const { email, ip } = fresh()
    await register(email, { ip })
    expect(await errorOf(user.login(ctx({ ip }), { idStr: email, password: 'secret' }))).toBe('PROF_NOT_VERIFIED')
    const { token } = linkOf(mailer.sent[0]!.text, 'verify-email')
    await user.verifyEmailAddress(ctx(), { emailAddr: email, verificationStr: token })
    const login = await user.login(ctx({ ip }), {
      idStr: ` ${email.toUpperCase()} `,
      password: 'secret',
      platformConstant: 'WEB',
    })
    expect(Buffer.from(login.session, 'base64url').length).toBeGreaterThanOrEqual(16) // ≥ 128 bits
    expect(login).toMatchObject({
      passwordUpdateRequired: false,
      profile: { personalData: { idStr: email, firstName: 'Ada', lastName: 'Lovelace' } },
    })
    expect(new Date(login.sessionValidityDate).getTime()).toBeGreaterThan(Date.now() + 13 * 24 * 3600 * 1000)
  })

  test('wrong password and unknown address both answer INVALID_CREDENTIALS', async () => {
    const { email } = await verifiedUser()
    const { ip } = fresh()
    expect(await errorOf(user.login(ctx({ ip }), { idStr: email, password: 'wrong' }))).toBe('INVALID_CREDENTIALS')
    expect(await errorOf(user.login(ctx({ ip }), { idStr: 'nobody@example.org', password: 'secret' }))).toBe(
      'INVALID_CREDENTIALS',
    )
    expect(await errorOf(user.login(ctx({ ip }), { idStr: '', password: 'secret' }))).toBe('INVALID_PARAMS')
  })

  test('logout ends the session in the database; updateSessionValidity extends it; both need a session', async () => {
    const u = await verifiedUser()
    const later = new Date(Date.now() + 3 * 24 * 3600 * 1000)
    const extended = await user.updateSessionValidity(ctx({ user: u.sessionUser, token: u.session, now: later }), {})
    expect(new Date(extended.sessionValidityDate).getTime()).toBe(later.getTime() + 14 * 24 * 3600 * 1000)
    await user.logout(ctx({ user: u.sessionUser, token: u.session }), {})
    expect((await resolveSession(database.db, u.session, new Date())).state).toBe('invalid')
    expect(await errorOf(user.logout(ctx(), {}))).toBe('SESSION_NOT_SET')
    expect(await errorOf(user.updateSessionValidity(ctx(), {}))).toBe('SESSION_NOT_SET')
  })
})

describe('verifyEmailAddress', () => {
  test('the link expires after 7 days', async () => {
    const t0 = new Date('2026-03-01T10:00:00Z')
    const a = fresh()
    await register(a.email, { ip: a.ip, now: t0 })
    const b = fresh()
    await register(b.email, { ip: b.ip, now: t0 })
    const [la, lb] = [linkOf(mailer.sent[0]!.text, 'verify-email'), linkOf(mailer.sent[1]!.text, 'verify-email')]
    const justBefore = new Date(t0.getTime() + TOKEN_TTL_MS.verify - 1000)
    const justAfter = new Date(t0.getTime() + TOKEN_TTL_MS.verify + 1000)
    await user.verifyEmailAddress(ctx({ now: justBefore }), { emailAddr: a.email, verificationStr: la.token })
    expect(
      await errorOf(
        user.verifyEmailAddress(ctx({ now: justAfter }), { emailAddr: b.email, verificationStr: lb.token }),
      ),
    ).toBe('PROF_VERIFICATION_FAILED')
    expect((await userRow(a.email))!.verified).toBe(true)
    expect((await userRow(b.email))!.verified).toBe(false)
  })

  test('a token only works for its own address and its own kind; unknown tokens fail', async () => {
    const a = fresh()
    const b = fresh()
    await register(a.email, { ip: a.ip })
    const { token } = linkOf(mailer.sent[0]!.text, 'verify-email')
    expect(await errorOf(user.verifyEmailAddress(ctx(), { emailAddr: b.email, verificationStr: token }))).toBe(
      'PROF_VERIFICATION_FAILED',
    )
    expect(
      await errorOf(user.setPassword(ctx(), { emailAddr: a.email, password: 'xyz', verificationStr: token })),
    ).toBe('TOKEN_INVALID_OR_EXPIRED')
    expect(await errorOf(user.verifyEmailAddress(ctx(), { emailAddr: a.email, verificationStr: 'A'.repeat(43) }))).toBe(
      'PROF_VERIFICATION_FAILED',
    )
    expect((await userRow(a.email))!.verified).toBe(false)
  })

  test('single use: the token is marked used; opening the link again changes nothing and still says verified', async () => {
    const { email, ip } = fresh()
    await register(email, { ip })
    const { token } = linkOf(mailer.sent[0]!.text, 'verify-email')
    await user.verifyEmailAddress(ctx(), { emailAddr: email, verificationStr: token })
    const [row] = await database.db
      .select()
      .from(oneTimeTokens)
      .innerJoin(users, eq(users.id, oneTimeTokens.userId))
      .where(eq(users.email, email))
    expect(row!.one_time_tokens.usedAt).toBeInstanceOf(Date)
    // A mail scanner may have opened the link first: the participant's own click still lands on "verified".
    await expect(user.verifyEmailAddress(ctx(), { emailAddr: email, verificationStr: token })).resolves.toEqual({})
  })

  test('resetRegistration issues a new link and invalidates the older one', async () => {
    const { email, ip } = fresh()
    await register(email, { ip, locale: 'en_US' })
    const first = linkOf(mailer.sent[0]!.text, 'verify-email')
    await user.resetRegistration(ctx({ ip, locale: 'de_DE' }), { emailAddr: email })
    expect(mailer.sent).toHaveLength(2)
    expect(mailer.sent[1]!.subject).toBe('Please confirm your e-mail address – Testprojekt') // the account's language
    const second = linkOf(mailer.sent[1]!.text, 'verify-email')
    expect(await errorOf(user.verifyEmailAddress(ctx(), { emailAddr: email, verificationStr: first.token }))).toBe(
      'PROF_VERIFICATION_FAILED',
    )
    await user.verifyEmailAddress(ctx(), { emailAddr: email, verificationStr: second.token })
    // Verified now: a further request sends nothing, with the same answer.
    await expect(user.resetRegistration(ctx({ ip }), { emailAddr: email })).resolves.toEqual({})
    expect(mailer.sent).toHaveLength(2)
  })
})

describe('resetPassword and setPassword', () => {
  test('the reset link sets a new password once, ends every session and lifts a login lock', async () => {
    const u = await verifiedUser({ locale: 'en_US' })
    await user.resetPassword(ctx({ ip: u.ip }), { emailAddr: u.email.toUpperCase() })
    const mail = mailer.sent.at(-1)!
    expect(mail.subject).toBe('Set a new password – Testprojekt')
    const link = linkOf(mail.text, 'set-password')
    expect(mail.text).toContain(setPasswordLink(PUBLIC_URL, u.email, link.token))
    await user.setPassword(ctx(), { emailAddr: u.email, password: 'brand-new', verificationStr: link.token })
    expect((await resolveSession(database.db, u.session, new Date())).state).toBe('invalid')
    expect(await errorOf(user.login(ctx({ ip: u.ip }), { idStr: u.email, password: 'secret' }))).toBe(
      'INVALID_CREDENTIALS',
    )
    await expect(user.login(ctx({ ip: u.ip }), { idStr: u.email, password: 'brand-new' })).resolves.toHaveProperty(
      'session',
    )
    // Single use.
    expect(
      await errorOf(user.setPassword(ctx(), { emailAddr: u.email, password: 'again', verificationStr: link.token })),
    ).toBe('TOKEN_INVALID_OR_EXPIRED')
  })

  test('the reset link expires after one hour', async () => {
    const t0 = new Date('2026-03-02T08:00:00Z')
    const u = await verifiedUser()
    await user.resetPassword(ctx({ ip: u.ip, now: t0 }), { emailAddr: u.email })
    const { token } = linkOf(mailer.sent.at(-1)!.text, 'set-password')
    expect(
      await errorOf(
        user.setPassword(ctx({ now: new Date(t0.getTime() + TOKEN_TTL_MS.reset + 1000) }), {
          emailAddr: u.email,
          password: 'xyz',
          verificationStr: token,
        }),
      ),
    ).toBe('TOKEN_INVALID_OR_EXPIRED')
    await user.setPassword(ctx({ now: new Date(t0.getTime() + TOKEN_TTL_MS.reset - 1000) }), {
      emailAddr: u.email,
      password: 'xyz',
      verificationStr: token,
    })
    expect(TOKEN_TTL_MS.reset).toBe(3600 * 1000)
  })

  test('a new reset link invalidates the older one', async () => {
    const u = await verifiedUser()
    await user.resetPassword(ctx({ ip: u.ip }), { emailAddr: u.email })
    const first = linkOf(mailer.sent.at(-1)!.text, 'set-password')
    await user.resetPassword(ctx({ ip: u.ip }), { emailAddr: u.email })
    const second = linkOf(mailer.sent.at(-1)!.text, 'set-password')
    expect(
      await errorOf(user.setPassword(ctx(), { emailAddr: u.email, password: 'xyz', verificationStr: first.token })),
    ).toBe('TOKEN_INVALID_OR_EXPIRED')
    await user.setPassword(ctx(), { emailAddr: u.email, password: 'xyz', verificationStr: second.token })
  })

  test('the link proves the address: an unverified account is verified by setting a password', async () => {
    const { email, ip } = fresh()
    await register(email, { ip })
    await user.resetPassword(ctx({ ip }), { emailAddr: email })
    const { token } = linkOf(mailer.sent.at(-1)!.text, 'set-password')
    // The one password minimum applies here too: a 2-character password is refused and the link stays usable.
    expect(await errorOf(user.setPassword(ctx(), { emailAddr: email, password: 'xy', verificationStr: token }))).toBe(
      'INVALID_PARAMS',
    )
    await user.setPassword(ctx(), { emailAddr: email, password: 'xyz', verificationStr: token })
    await expect(user.login(ctx({ ip }), { idStr: email, password: 'xyz' })).resolves.toHaveProperty('session')
  })
})

describe('no account enumeration', () => {
  test('resetPassword and resetRegistration: the same answer for known and unknown addresses, no sooner than the floor', async () => {
    const known = await verifiedUser()
    const unverified = fresh()
    await register(unverified.email, { ip: unverified.ip })
    mailer.sent.length = 0
    const timed = async (p: () => Promise<unknown>) => {
      const t = performance.now()
      const result = await p()
      return { result, ms: performance.now() - t }
    }
    const { ip } = fresh()
    const runs = [
      await timed(() => user.resetPassword(ctx({ ip }), { emailAddr: known.email })),
      await timed(() => user.resetPassword(ctx({ ip }), { emailAddr: 'unknown-1@example.org' })),
      await timed(() => user.resetRegistration(ctx({ ip }), { emailAddr: unverified.email })),
      await timed(() => user.resetRegistration(ctx({ ip }), { emailAddr: 'unknown-2@example.org' })),
    ]
    for (const r of runs) {
      expect(r.result).toEqual({})
      expect(r.ms).toBeGreaterThanOrEqual(MIN_ANSWER_MS - 5)
    }
    // Only the real accounts were mailed.
    expect(mailer.sent.map((m) => m.to)).toEqual([known.email, unverified.email])
  })

  test('register: a new and an existing address both hash the password once, answer null and take the floor', async () => {
    const existing = await verifiedUser()
    const hash = vi.mocked(password.hashPassword)
    for (const email of [existing.email, fresh().email]) {
      hash.mockClear()
      const t = performance.now()
      expect(await register(email, { ip: fresh().ip })).toBeNull()
      expect(performance.now() - t).toBeGreaterThanOrEqual(MIN_ANSWER_MS - 5)
      expect(hash).toHaveBeenCalledTimes(1)
    }
  })

  test('the throttle counts per address string, whether or not an account exists', async () => {
    const known = await verifiedUser()
    for (const email of [known.email, 'never-registered@example.org']) {
      for (let i = 0; i < THROTTLE.perAccount; i++)
        await user.resetPassword(ctx({ ip: fresh().ip }), { emailAddr: email })
      expect(await errorOf(user.resetPassword(ctx({ ip: fresh().ip }), { emailAddr: email }))).toBe('TOO_MANY_REQUESTS')
    }
  })
})

describe('throttle (5 per account, 20 per client address, 15 minutes; counted in the database)', () => {
  test('5 failed logins lock the account for 15 minutes, even with the right password; success clears the count', async () => {
    const u = await verifiedUser()
    const t0 = new Date()
    for (let i = 0; i < 4; i++)
      await errorOf(user.login(ctx({ ip: fresh().ip, now: t0 }), { idStr: u.email, password: 'wrong' }))
    // A success before the limit clears the account's failures.
    await user.login(ctx({ ip: fresh().ip, now: t0 }), { idStr: u.email, password: 'secret' })
    for (let i = 0; i < 5; i++)
      expect(await errorOf(user.login(ctx({ ip: fresh().ip, now: t0 }), { idStr: u.email, password: 'wrong' }))).toBe(
        'INVALID_CREDENTIALS',
      )
    expect(await errorOf(user.login(ctx({ ip: fresh().ip, now: t0 }), { idStr: u.email, password: 'secret' }))).toBe(
      'TOO_MANY_REQUESTS',
    )
    // The count lives in the database: any process (here: a second context on the same database) sees it.
    const keys = await database.db.select().from(throttleEvents).where(eq(throttleEvents.at, t0))
    expect(keys.length).toBeGreaterThanOrEqual(5)
    expect(JSON.stringify(keys)).not.toContain(u.email) // keys carry digests, not addresses
    const later = new Date(t0.getTime() + THROTTLE.windowMs + 1000)
    await expect(
      user.login(ctx({ ip: fresh().ip, now: later }), { idStr: u.email, password: 'secret' }),
    ).resolves.toHaveProperty('session')
  })

  test('20 failures from one client address lock that address for every account', async () => {
    const u = await verifiedUser()
    const { ip } = fresh()
    const t0 = new Date()
    for (let i = 0; i < THROTTLE.perClient; i++)
      await errorOf(user.login(ctx({ ip, now: t0 }), { idStr: `x${i}@example.org`, password: 'wrong' }))
    expect(await errorOf(user.login(ctx({ ip, now: t0 }), { idStr: u.email, password: 'secret' }))).toBe(
      'TOO_MANY_REQUESTS',
    )
    await expect(
      user.login(ctx({ ip: fresh().ip, now: t0 }), { idStr: u.email, password: 'secret' }),
    ).resolves.toHaveProperty('session')
  })

  test('register and both resets: 5 requests per address, then TOO_MANY_REQUESTS', async () => {
    const { email } = fresh()
    for (let i = 0; i < 5; i++) await register(email, { ip: fresh().ip })
    expect(await errorOf(register(email, { ip: fresh().ip }))).toBe('TOO_MANY_REQUESTS')
    const other = fresh()
    for (let i = 0; i < 5; i++) await user.resetRegistration(ctx({ ip: fresh().ip }), { emailAddr: other.email })
    expect(await errorOf(user.resetRegistration(ctx({ ip: fresh().ip }), { emailAddr: other.email }))).toBe(
      'TOO_MANY_REQUESTS',
    )
  })

  test('a wrong current password counts like a failed login of the account', async () => {
    const u = await verifiedUser()
    const c = ctx({ user: u.sessionUser, token: u.session })
    for (let i = 0; i < 5; i++)
      expect(await errorOf(user.updatePassword(c, { currentPassword: 'wrong', newPassword: 'newer' }))).toBe(
        'WRONG_PASSWORD',
      )
    expect(await errorOf(user.deleteProfile(c, { currentPassword: 'secret' }))).toBe('TOO_MANY_REQUESTS')
    expect(await userRow(u.email)).toBeDefined()
  })
})

describe('hardening: atomic throttle, cheap checks before argon2', () => {
  test('30 parallel wrong passwords for one account: at most 5 are evaluated, the rest TOO_MANY_REQUESTS', async () => {
    const u = await verifiedUser()
    const t0 = new Date()
    const results = await Promise.all(
      Array.from({ length: 30 }, () =>
        errorOf(user.login(ctx({ ip: fresh().ip, now: t0 }), { idStr: u.email, password: 'wrong' })),
      ),
    )
    const evaluated = results.filter((r) => r === 'INVALID_CREDENTIALS').length
    expect(results.filter((r) => r !== 'INVALID_CREDENTIALS' && r !== 'TOO_MANY_REQUESTS')).toEqual([])
    expect(evaluated).toBeLessThanOrEqual(THROTTLE.perAccount)
    // Refused attempts leave nothing behind; the evaluated ones count: later guesses get only the rest of the 5.
    let later = 0
    for (let i = 0; i < 10; i++)
      if (
        (await errorOf(user.login(ctx({ ip: fresh().ip, now: t0 }), { idStr: u.email, password: 'wrong' }))) ===
        'INVALID_CREDENTIALS'
      )
        later++
    expect(evaluated + later).toBe(THROTTLE.perAccount)
    expect(await errorOf(user.login(ctx({ ip: fresh().ip, now: t0 }), { idStr: u.email, password: 'secret' }))).toBe(
      'TOO_MANY_REQUESTS',
    )
  })

  test('30 parallel reset requests for one address send at most 5 mails', async () => {
    const u = await verifiedUser()
    const before = mailer.sent.length
    await Promise.all(
      Array.from({ length: 30 }, () =>
        user.resetPassword(ctx({ ip: fresh().ip }), { emailAddr: u.email }).catch(() => null),
      ),
    )
    await new Promise((r) => setImmediate(r))
    expect(mailer.sent.length - before).toBeLessThanOrEqual(THROTTLE.perAccount)
  })

  test('setPassword with a bogus link hashes nothing, and one client is throttled after 20 tries', async () => {
    const u = await verifiedUser()
    const { ip } = fresh()
    const hashes = vi.mocked(password.hashPassword)
    hashes.mockClear()
    for (let i = 0; i < THROTTLE.perClient; i++) {
      const other = fresh()
      expect(
        await errorOf(
          user.setPassword(ctx({ ip }), {
            emailAddr: other.email,
            password: 'long-enough',
            verificationStr: `bogus-${i}`,
          }),
        ),
      ).toBe('TOKEN_INVALID_OR_EXPIRED')
    }
    expect(hashes).not.toHaveBeenCalled()
    expect(
      await errorOf(
        user.setPassword(ctx({ ip }), { emailAddr: u.email, password: 'long-enough', verificationStr: 'bogus' }),
      ),
    ).toBe('TOO_MANY_REQUESTS')
  })
})

describe('updatePassword', () => {
  test('checks the current password and the new one’s length; ends every session and rotates this one', async () => {
    const u = await verifiedUser()
    const other = await user.login(ctx({ ip: u.ip }), { idStr: u.email, password: 'secret' })
    const c = ctx({ user: u.sessionUser, token: u.session })
    expect(await errorOf(user.updatePassword(c, { currentPassword: 'secret', newPassword: 'ab' }))).toBe(
      'INVALID_PARAMS',
    )
    expect(await errorOf(user.updatePassword(ctx(), { currentPassword: 'secret', newPassword: 'newer' }))).toBe(
      'SESSION_NOT_SET',
    )
    const changed = await user.updatePassword(c, { currentPassword: 'secret', newPassword: 'newer' })
    // The token used for the change is worthless afterwards (it may have been copied); the caller goes on with a new one.
    expect(changed.session).not.toBe(u.session)
    expect((await resolveSession(database.db, u.session, new Date())).state).toBe('invalid')
    expect((await resolveSession(database.db, changed.session, new Date())).state).toBe('valid')
    expect((await resolveSession(database.db, other.session, new Date())).state).toBe('invalid')
    await expect(user.login(ctx({ ip: u.ip }), { idStr: u.email, password: 'newer' })).resolves.toHaveProperty(
      'session',
    )
  })

  test('clears the password-update-required flag', async () => {
    const u = await verifiedUser()
    await database.db.update(users).set({ passwordUpdateRequired: true }).where(eq(users.id, u.row.id))
    expect((await user.login(ctx({ ip: u.ip }), { idStr: u.email, password: 'secret' })).passwordUpdateRequired).toBe(
      true,
    )
    await user.updatePassword(ctx({ user: u.sessionUser, token: u.session }), {
      currentPassword: 'secret',
      newPassword: 'newer',
    })
    expect((await userRow(u.email))!.passwordUpdateRequired).toBe(false)
  })
})

describe('logoutEverywhere', () => {
  test('ends every session of the account, this one included, and no one else’s', async () => {
    const u = await verifiedUser()
    const v = await verifiedUser()
    const other = await user.login(ctx({ ip: u.ip }), { idStr: u.email, password: 'secret' })
    await user.logoutEverywhere(ctx({ user: u.sessionUser, token: u.session }), {})
    expect((await resolveSession(database.db, u.session, new Date())).state).toBe('invalid')
    expect((await resolveSession(database.db, other.session, new Date())).state).toBe('invalid')
    expect((await resolveSession(database.db, v.session, new Date())).state).toBe('valid')
  })
})

describe('deleteProfile', () => {
  test('a wrong password deletes nothing; the right one removes the account and everything that belongs to it', async () => {
    const u = await verifiedUser()
    const db = database.db
    const [trip] = await db
      .insert(trips)
      .values({ userId: u.row.id, startTime: new Date(), endTime: new Date() })
      .returning()
    const [leg] = await db
      .insert(legs)
      .values({ tripId: trip!.id, idx: 0, startTime: new Date(), endTime: new Date() })
      .returning()
    await db.insert(pois).values({ userId: u.row.id, name: 'Home', lat: 52.5, lon: 13.4 })
    await db.insert(answers).values({
      userId: u.row.id,
      questionnaireId: 1,
      scope: `leg:${leg!.id}`,
      legId: leg!.id,
      questionId: 1,
      answOptId: 1,
    })
    await db.insert(zeroTripDays).values({ userId: u.row.id, day: '2026-03-01' })
    await db.insert(pendingPosts).values({ id: 'pp-' + u.row.id, userId: u.row.id, path: '/ways', body: 'a=1' })
    const c = ctx({ user: u.sessionUser, token: u.session })
    expect(await errorOf(user.deleteProfile(c, { currentPassword: 'wrong' }))).toBe('WRONG_PASSWORD')
    expect(await userRow(u.email)).toBeDefined()
    await user.deleteProfile(c, { currentPassword: 'secret' })
    expect(await userRow(u.email)).toBeUndefined()
    for (const [table, col] of [
      [trips, trips.userId],
      [pois, pois.userId],
      [answers, answers.userId],
      [zeroTripDays, zeroTripDays.userId],
      [pendingPosts, pendingPosts.userId],
      [sessions, sessions.userId],
      [oneTimeTokens, oneTimeTokens.userId],
    ] as const) {
      expect(await db.select().from(table).where(eq(col, u.row.id))).toEqual([])
    }
    expect(await db.select().from(legs).where(eq(legs.id, leg!.id))).toEqual([])
    expect(await errorOf(user.login(ctx({ ip: u.ip }), { idStr: u.email, password: 'secret' }))).toBe(
      'INVALID_CREDENTIALS',
    )
  })
})

describe('pending posts (the form kept when a session expired)', () => {
  test('only the owner sees a row, it can be taken once, and rows expire after 7 days', async () => {
    const a = await verifiedUser()
    const b = await verifiedUser()
    const now = new Date()
    await database.db.insert(pendingPosts).values({
      id: 'keep-1',
      userId: a.row.id,
      path: '/ways/add',
      body: 'purposes=1&purposes=2&startHour=08',
      createdAt: now,
    })
    await database.db.insert(pendingPosts).values({
      id: 'old-1',
      userId: a.row.id,
      path: '/ways/add',
      body: 'x=1',
      createdAt: new Date(now.getTime() - PENDING_POST_MAX_AGE_MS - 1000),
    })
    expect(await findPendingPost(database.db, b.row.id, 'keep-1', now)).toBeNull()
    const post = await findPendingPost(database.db, a.row.id, 'keep-1', now)
    expect(post).toMatchObject({
      path: '/ways/add',
      entries: [
        ['purposes', '1'],
        ['purposes', '2'],
        ['startHour', '08'],
      ],
    })
    expect(await findPendingPost(database.db, a.row.id, 'old-1', now)).toBeNull()
    expect(await database.db.select().from(pendingPosts).where(eq(pendingPosts.id, 'old-1'))).toEqual([])
    expect(await takePendingPost(database.db, b.row.id, 'keep-1', now)).toBeNull()
    expect(await takePendingPost(database.db, a.row.id, 'keep-1', now)).not.toBeNull()
    expect(await takePendingPost(database.db, a.row.id, 'keep-1', now)).toBeNull()
  })
})

describe('mail templates', () => {
  const base = { to: 'a+b@example.org', publicUrl: PUBLIC_URL, projectTitle: 'P & Q' }
  test('links are PUBLIC_URL/user/verify-email and /user/set-password with the address URL-encoded', () => {
    expect(verifyLink(PUBLIC_URL, 'a+b@example.org', 'tok')).toBe(
      `${PUBLIC_URL}/user/verify-email?email=a%2Bb%40example.org&verstr=tok`,
    )
    expect(setPasswordLink(PUBLIC_URL, 'a+b@example.org', 'tok')).toBe(
      `${PUBLIC_URL}/user/set-password?email=a%2Bb%40example.org&verstr=tok`,
    )
  })
  test.each([
    ['de_DE', 'Bitte bestätigen Sie Ihre E-Mail-Adresse', 'Neues Passwort festlegen', 'Ihr Konto'],
    ['en_US', 'Please confirm your e-mail address', 'Set a new password', 'Your account'],
  ] as const)('%s: subjects, plain text and escaped HTML', (locale, verify, reset, exists) => {
    const v = verificationMail({ ...base, locale, token: 'tok' })
    const r = resetPasswordMail({ ...base, locale, token: 'tok' })
    const e = accountExistsMail({ ...base, locale })
    expect([v.subject, r.subject, e.subject]).toEqual([`${verify} – P & Q`, `${reset} – P & Q`, `${exists} – P & Q`])
    for (const m of [v, r, e]) {
      expect(m.text).not.toContain('<')
      expect(m.html).toContain('P &amp; Q')
      expect(m.html).toContain(`lang="${locale.slice(0, 2)}"`)
    }
    expect(v.html).toContain(`${PUBLIC_URL}/user/verify-email?email=a%2Bb%40example.org&amp;verstr=tok`)
  })
})

describe('a real SMTP exchange', () => {
  test('the verification mail of a registration arrives over SMTP with its link', async () => {
    const server = await startTestSmtp()
    try {
      const arrived = server.next()
      const smtp = createMailer({ smtpUrl: server.url, outboxDir: '/nonexistent', from: 'Diary <noreply@example.org>' })
      const { email, ip } = fresh()
      await user.register(ctx({ ip, mailer: smtp, locale: 'de_DE' }), { pers: { idStr: email }, pwd: 'secret' })
      await arrived
      const { received } = server
      expect(received).toHaveLength(1)
      expect(received[0]!.to).toEqual([email])
      expect(received[0]!.from).toBe('noreply@example.org')
      const raw = received[0]!.raw
      expect(raw).toMatch(/^Content-Type: multipart\/alternative/m)
      expect(raw).toMatch(/^Content-Type: text\/plain; charset=utf-8/m)
      expect(raw).toMatch(/^Content-Type: text\/html; charset=utf-8/m)
      const decoded = decodeQuotedPrintable(raw)
      expect(decoded).toContain('Bitte bestätigen Sie Ihre E-Mail-Adresse')
      const link = linkOf(decoded, 'verify-email')
      expect(link.email).toBe(email)
      // The link works.
      await user.verifyEmailAddress(ctx(), { emailAddr: link.email, verificationStr: link.token })
      expect(
        (
          await database.db
            .select({ v: users.verified })
            .from(users)
            .where(and(eq(users.email, email)))
        )[0]!.v,
      ).toBe(true)
    } finally {
      await server.close()
    }
  })
})

function decodeQuotedPrintable(raw: string): string {
  const bytes = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)))
  return Buffer.from(bytes, 'latin1').toString('utf8')
}
