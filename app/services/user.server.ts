// Service "user": accounts and sessions. Security decisions: docs/decisions/003-sessions.md (sessions)
// and docs/decisions/007-account-security.md (throttling, one-time tokens, no account enumeration).
// The rules of ADR 007 have their own rooms: one-time tokens in user/tokens.server.ts, throttling and the answer's
// time floor in user/throttling.server.ts, the account mails in user/mails.server.ts.
import { and, eq, ne } from 'drizzle-orm'
import { z } from 'zod'
import type { DbOrTx } from '~/db/connect.server'
import { isUniqueViolation } from '~/db/errors'
import type { Locale } from '~/domain/locale'
import { PASSWORD_MIN_LENGTH, passwordLongEnough } from '~/domain/password'
import { oneTimeTokens, sessions, users } from '~/db/schema'
import { method, ServiceError, type AuthedContext, type Empty, type Service } from './core.server'
import { newPseudonym } from './import.server'
import { mailLocale, resetPasswordMail, verificationMail } from './mail-templates.server'
import { dummyHash, hashPassword, verifyPassword } from './password.server'
import { createSession, deleteSession, deleteUserSessions, extendSession, newToken } from './session.server'
import { deliver, mailBase, mailExistingAccount } from './user/mails.server'
import { forgetFailures, passed, takeSlots, withFloor } from './user/throttling.server'
import { findToken, issueToken, markUsed, storeToken } from './user/tokens.server'

const zEmail = z.string().trim().toLowerCase().max(320).pipe(z.email())
const zPassword = z.string().max(1000).refine(passwordLongEnough, `at least ${PASSWORD_MIN_LENGTH} characters`)
const zToken = z.string().trim().min(1).max(200)
const zName = z.string().trim().max(200).nullish()

/** What login answers: the new session, its expiry, and the participant's name. */
export interface LoginResult {
  session: string
  sessionValidityDate: string
  passwordUpdateRequired: boolean
  profile: { personalData: { id: number; firstName: string | null; lastName: string | null; idStr: string } }
}

// ---------------------------------------------------------------------------------------------------------------
// The service

export const userService = {
  login: method({
    public: true,
    params: z.object({
      idStr: z.string().trim().min(1).max(320),
      password: z.string().min(1).max(1000),
      platformConstant: z.string().optional(),
    }),
    async run({ idStr, password }, ctx): Promise<LoginResult> {
      const email = idStr.toLowerCase()
      // The attempt counts before the password is checked (a failure leaves it counted), so parallel guesses cannot
      // all pass the limit.
      const slots = await takeSlots(ctx, 'login', email)
      const user = await userByEmail(ctx.db, email)
      // Unknown address: verify against a dummy hash, so both answers take one argon2 verification.
      const ok = user
        ? await verifyPassword(user.passwordHash, password)
        : (await verifyPassword(await dummyHash(), password), false)
      if (!user || !ok) throw new ServiceError('INVALID_CREDENTIALS')
      await passed(ctx, 'login', email, slots)
      if (!user.verified) throw new ServiceError('PROF_NOT_VERIFIED')
      const { token, expiresAt } = await createSession(ctx.db, user.id, ctx.now())
      return {
        session: token,
        sessionValidityDate: expiresAt.toISOString(),
        passwordUpdateRequired: user.passwordUpdateRequired,
        profile: {
          personalData: { id: user.id, firstName: user.firstName, lastName: user.lastName, idStr: user.email },
        },
      }
    },
  }),

  /** Ends the caller's session in the database (the page route clears the cookie as well). */
  logout: method({
    whilePasswordUpdateRequired: true,
    params: z.object({}).passthrough(),
    async run(_p, ctx): Promise<Empty> {
      if (ctx.sessionToken) await deleteSession(ctx.db, ctx.sessionToken)
      else await ctx.db.delete(sessions).where(eq(sessions.id, ctx.user.sessionId))
      return {}
    },
  }),

  /** Ends every session of the account, this one included ("log out everywhere": a lost or shared phone). */
  logoutEverywhere: method({
    whilePasswordUpdateRequired: true,
    params: z.object({}).passthrough(),
    async run(_p, ctx): Promise<Empty> {
      await deleteUserSessions(ctx.db, ctx.user.id)
      return {}
    },
  }),

  updateSessionValidity: method({
    whilePasswordUpdateRequired: true,
    params: z.object({}).passthrough(),
    async run(_p, ctx): Promise<{ sessionValidityDate: string }> {
      const until = await extendSession(ctx.db, ctx.user.sessionId, ctx.now())
      return { sessionValidityDate: until.toISOString() }
    },
  }),

  /**
   * A null return means success. An address that already has an account gets the same answer; that
   * address is sent a notice (or, when it was never verified, a fresh verification mail) instead.
   */
  register: method({
    public: true,
    params: z.object({
      pers: z.object({ alias: zName, firstName: zName, lastName: zName, idStr: zEmail }),
      pwd: zPassword,
      platformConstant: z.string().optional(),
    }),
    async run({ pers, pwd }, ctx): Promise<null> {
      return withFloor(async () => {
        const email = pers.idStr
        await takeSlots(ctx, 'register', email)
        // Both paths hash the password: the argon2 time is the same whether or not the address is known.
        const passwordHash = await hashPassword(pwd)
        const existing = await userByEmail(ctx.db, email)
        if (existing) {
          await mailExistingAccount(ctx, existing)
          return null
        }
        const locale = ctx.locale
        let token: string | null = null
        try {
          token = await ctx.db.transaction(async (tx) => {
            const [row] = await tx
              .insert(users)
              .values({
                email,
                passwordHash,
                alias: pers.alias || null,
                firstName: pers.firstName || null,
                lastName: pers.lastName || null,
                verified: false,
                locale,
                pseudonym: newPseudonym(),
                createdAt: ctx.now(),
              })
              .returning({ id: users.id })
            return issueToken(tx, row!.id, 'verify', ctx.now())
          })
        } catch (err) {
          if (!isUniqueViolation(err)) throw err
          // Registered by a parallel request a moment ago: treat it like an existing account.
          const raced = await userByEmail(ctx.db, email)
          if (raced) await mailExistingAccount(ctx, raced)
          return null
        }
        deliver(ctx, verificationMail({ ...mailBase(ctx, email, locale), token }))
        return null
      })
    },
  }),

  /** Resends the verification mail; known, unknown and already verified addresses get the same answer. */
  resetRegistration: method({
    public: true,
    params: z.object({ emailAddr: zEmail }),
    async run({ emailAddr }, ctx): Promise<Empty> {
      return withFloor(async () => {
        await takeSlots(ctx, 'resetRegistration', emailAddr)
        const user = await userByEmail(ctx.db, emailAddr)
        const token = newToken()
        if (user && !user.verified) {
          await ctx.db.transaction((tx) => storeToken(tx, user.id, 'verify', token, ctx.now()))
          deliver(ctx, verificationMail({ ...mailBase(ctx, user.email, mailLocale(user.locale)), token }))
        }
        return {}
      })
    },
  }),

  /**
   * The link of the verification mail. A link opened a second time (mail scanners often open it first) does
   * nothing more and answers success while the address is verified; unknown, foreign or expired links answer
   * PROF_VERIFICATION_FAILED.
   */
  verifyEmailAddress: method({
    public: true,
    params: z.object({ emailAddr: zEmail, verificationStr: zToken }),
    async run({ emailAddr, verificationStr }, ctx): Promise<Empty> {
      const now = ctx.now()
      const verified = await ctx.db.transaction(async (tx) => {
        const found = await findToken(tx, emailAddr, verificationStr, 'verify')
        if (!found) return false
        if (found.token.usedAt) return found.user.verified
        if (found.token.expiresAt <= now) return false
        if (!(await markUsed(tx, found.token.id, now))) return found.user.verified
        await tx.update(users).set({ verified: true }).where(eq(users.id, found.user.id))
        return true
      })
      if (!verified) throw new ServiceError('PROF_VERIFICATION_FAILED')
      return {}
    },
  }),

  /** Sends a reset link to a known address; known and unknown addresses get the same answer. */
  resetPassword: method({
    public: true,
    params: z.object({ emailAddr: zEmail }),
    async run({ emailAddr }, ctx): Promise<Empty> {
      return withFloor(async () => {
        await takeSlots(ctx, 'resetPassword', emailAddr)
        const user = await userByEmail(ctx.db, emailAddr)
        const token = newToken()
        if (user) {
          await ctx.db.transaction((tx) => storeToken(tx, user.id, 'reset', token, ctx.now()))
          deliver(ctx, resetPasswordMail({ ...mailBase(ctx, user.email, mailLocale(user.locale)), token }))
        }
        return {}
      })
    },
  }),

  /**
   * The link of the reset mail: sets the new password, ends every session of the account and lifts a login lock.
   * The link proves the address, so an unverified account counts as verified afterwards. The password minimum
   * (domain/password.ts) applies here as on every other way a password is set.
   */
  setPassword: method({
    public: true,
    params: z.object({ emailAddr: zEmail, password: zPassword, verificationStr: zToken }),
    async run({ emailAddr, password, verificationStr }, ctx): Promise<Empty> {
      const now = ctx.now()
      await takeSlots(ctx, 'setPassword', emailAddr)
      // The cheap check first: a bogus or used link costs no argon2 hash (it is checked again, atomically, below).
      const known = await findToken(ctx.db, emailAddr, verificationStr, 'reset')
      if (!known || known.token.usedAt || known.token.expiresAt <= now)
        throw new ServiceError('TOKEN_INVALID_OR_EXPIRED')
      const passwordHash = await hashPassword(password)
      const ok = await ctx.db.transaction(async (tx) => {
        const found = await findToken(tx, emailAddr, verificationStr, 'reset')
        if (!found || found.token.usedAt || found.token.expiresAt <= now) return false
        if (!(await markUsed(tx, found.token.id, now))) return false
        await tx
          .update(users)
          .set({ passwordHash, passwordUpdateRequired: false, verified: true })
          .where(eq(users.id, found.user.id))
        await tx
          .delete(oneTimeTokens)
          .where(
            and(
              eq(oneTimeTokens.userId, found.user.id),
              eq(oneTimeTokens.kind, 'reset'),
              ne(oneTimeTokens.id, found.token.id),
            ),
          )
        await deleteUserSessions(tx, found.user.id)
        await forgetFailures(tx, 'login', found.user.email, ctx.clientIp)
        return true
      })
      if (!ok) throw new ServiceError('TOKEN_INVALID_OR_EXPIRED')
      return {}
    },
  }),

  /**
   * Changes the password. Every session of the account ends, this one included: the caller continues with the new
   * token returned (a token someone may have copied before the change is worthless afterwards).
   */
  updatePassword: method({
    whilePasswordUpdateRequired: true,
    params: z.object({ currentPassword: z.string().min(1).max(1000), newPassword: zPassword }),
    async run({ currentPassword, newPassword }, ctx): Promise<{ session: string; sessionValidityDate: string }> {
      await checkCurrentPassword(ctx, currentPassword)
      const passwordHash = await hashPassword(newPassword)
      const { token, expiresAt } = await ctx.db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash, passwordUpdateRequired: false }).where(eq(users.id, ctx.user.id))
        await deleteUserSessions(tx, ctx.user.id)
        await tx
          .delete(oneTimeTokens)
          .where(and(eq(oneTimeTokens.userId, ctx.user.id), eq(oneTimeTokens.kind, 'reset')))
        return createSession(tx, ctx.user.id, ctx.now())
      })
      return { session: token, sessionValidityDate: expiresAt.toISOString() }
    },
  }),

  /** Deletes the account and everything that belongs to it (ways, legs, answers, drafts, places, sessions, tokens). */
  deleteProfile: method({
    params: z.object({ currentPassword: z.string().min(1).max(1000) }),
    async run({ currentPassword }, ctx): Promise<Empty> {
      await checkCurrentPassword(ctx, currentPassword)
      // Every table that refers to users does so with ON DELETE CASCADE (app/db/schema.ts).
      await ctx.db.delete(users).where(eq(users.id, ctx.user.id))
      return {}
    },
  }),
} satisfies Service

// ---------------------------------------------------------------------------------------------------------------
// Helpers

async function userByEmail(db: DbOrTx, email: string) {
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1)
  return user ?? null
}

/** Wrong current passwords count like failed logins of the account (a stolen session cannot guess it). */
async function checkCurrentPassword(ctx: AuthedContext, password: string) {
  const slots = await takeSlots(ctx, 'login', ctx.user.email)
  const [row] = await ctx.db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, ctx.user.id))
    .limit(1)
  if (!row || !(await verifyPassword(row.passwordHash, password))) throw new ServiceError('WRONG_PASSWORD')
  await passed(ctx, 'login', ctx.user.email, slots)
}

/**
 * The participant's language, stored when they pick one on our pages (?locale=): their pages and mails follow it.
 * Called by the web glue for the logged-in participant of the request.
 */
export async function rememberLocale(db: DbOrTx, userId: number, locale: Locale) {
  await db.update(users).set({ locale }).where(eq(users.id, userId))
}
