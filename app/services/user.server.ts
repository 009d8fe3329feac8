// Service "user" (spec 7): accounts and sessions.
import { eq } from 'drizzle-orm'
import { z } from 'zod'
import { users } from '~/db/schema'
import { method, ServiceError, type Service } from './core.server'
import { dummyHash, verifyPassword } from './password.server'
import { createSession, deleteSession, extendSession } from './session.server'

export const userService = {
  login: method({
    public: true,
    params: z.object({
      idStr: z.string().trim().min(1).max(320),
      password: z.string().min(1).max(1000),
      platformConstant: z.string().optional(),
    }),
    async run({ idStr, password }, ctx) {
      const [user] = await ctx.db.select().from(users).where(eq(users.email, idStr.toLowerCase())).limit(1)
      const ok = user ? await verifyPassword(user.passwordHash, password) : (await verifyPassword(await dummyHash(), password), false)
      if (!user || !ok) throw new ServiceError('INVALID_CREDENTIALS')
      if (!user.verified) throw new ServiceError('PROF_NOT_VERIFIED')
      const now = ctx.now()
      const { token, expiresAt } = await createSession(ctx.db, user.id, now)
      return {
        session: token,
        sessionValidityDate: expiresAt.toISOString(),
        passwordUpdateRequired: user.passwordUpdateRequired,
        profile: { personalData: { id: user.id, firstName: user.firstName, lastName: user.lastName, idStr: user.email } },
      }
    },
  }),
  logout: method({
    params: z.object({}).passthrough(),
    async run(_p, ctx) {
      if (ctx.sessionToken) await deleteSession(ctx.db, ctx.sessionToken)
      return {}
    },
  }),
  updateSessionValidity: method({
    params: z.object({}).passthrough(),
    async run(_p, ctx) {
      const until = await extendSession(ctx.db, ctx.user.sessionId, ctx.now())
      return { sessionValidityDate: until.toISOString() }
    },
  }),
} satisfies Service
