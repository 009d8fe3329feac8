// The service-method framework: every service method is declared once with a zod schema for its params,
// whether it needs a session, and a run function. The HTML routes and the HTTP endpoint both call these.
import { z } from 'zod'
import type { Database, Db } from '~/db/connect.server'
import type { Env } from '~/infra/env.server'
import type { Mailer } from '~/infra/mailer.server'
import type { Locale } from '~/domain/locale'
import { LIMITS, LIMIT_ERROR, withinLimit, type LimitName } from '~/domain/limits'

/** A failure the caller can act on: one constant of the errs catalogue (locales/<lang>/errors.json). */
export class ServiceError extends Error {
  constructor(
    public readonly constant: string,
    public readonly details?: { path?: string; [key: string]: unknown },
  ) {
    super(constant)
    this.name = 'ServiceError'
  }
}

/** Refuses with the cap's error (and its number) when adding `adding` to `existing` would exceed it. */
export function assertWithin(name: LimitName, existing: number, adding = 1) {
  if (!withinLimit(name, existing, adding)) throw new ServiceError(LIMIT_ERROR[name], { max: LIMITS[name] })
}

/** The application instance: configuration, database and mailer, created once per process (app/lib/app.server.ts). */
export interface App {
  env: Env
  database: Database
  mailer: Mailer
}

export interface SessionUser {
  id: number
  email: string
  firstName: string | null
  lastName: string | null
  alias: string | null
  campaignId: number | null
  passwordUpdateRequired: boolean
  locale: string
  sessionId: number
  sessionExpiresAt: Date
}

export interface ServiceContext {
  db: Db
  env: Env
  mailer: Mailer
  locale: Locale
  /** The caller, resolved from the session (cookie or params.session). */
  user: SessionUser | null
  /** 'none': no session given; 'invalid': one was given but is unknown or expired. */
  session: 'none' | 'invalid' | 'valid'
  /** The raw session token, when one was given. */
  sessionToken?: string
  clientIp: string
  now: () => Date
  /** The database's catalogue version as the session lookup read it (import-cache.server.ts); unset: read on use. */
  catalogueVersion?: number
  /**
   * The participant's data version as the session lookup read it (participant-cache.server.ts), set only for a call
   * that writes nothing (a page's GET, a service method declared readsOnly); unset: their data is read from the
   * database.
   */
  dataVersion?: number
}

export type AuthedContext = ServiceContext & { user: SessionUser }

/** The answer of a method that has nothing to return but success: `{}`. */
export type Empty = Record<string, never>

export interface MethodDef<S extends z.ZodType, R, P extends boolean> {
  public?: P
  /** Callable while the participant must change the password first (changing it, logging out). */
  whilePasswordUpdateRequired?: boolean
  /** Writes nothing: the call may be answered from what the process keeps of the participant's data. */
  readsOnly?: boolean
  params: S
  run(params: z.output<S>, ctx: P extends true ? ServiceContext : AuthedContext): Promise<R>
}

/**
 * A method as every caller sees it, whatever its params and result: what the registry holds and the JSON adapter
 * calls. `invoke` is the one untyped entry point: raw params, checked only at run time by the method's schema.
 */
export interface AnyMethod {
  public: boolean
  readsOnly: boolean
  params: z.ZodType
  invoke(ctx: ServiceContext, raw: unknown): Promise<unknown>
}

/**
 * A typed method: called directly, its params are what its schema accepts (the schema's input type), so a page
 * passing the wrong thing does not compile, and its result is the type its run declares. The params are still
 * parsed at run time, exactly as for `invoke`.
 */
export interface Method<S extends z.ZodType, R> extends AnyMethod {
  params: S
  (ctx: ServiceContext, params: z.input<S>): Promise<R>
  invoke(ctx: ServiceContext, raw: unknown): Promise<R>
}

export function method<S extends z.ZodType, R, P extends boolean = false>(def: MethodDef<S, R, P>): Method<S, R> {
  const invoke = async (ctx: ServiceContext, raw: unknown): Promise<R> => {
    if (!def.public) {
      requireSession(ctx)
      // A participant who must change the password can do only that (or log out), from a page or the API alike.
      if (ctx.user.passwordUpdateRequired && !def.whilePasswordUpdateRequired)
        throw new ServiceError('PASSWORD_UPDATE_REQUIRED')
    }
    // PostgreSQL text cannot hold NUL characters: refuse them here rather than fail in the database.
    const nul = nulPath(raw)
    if (nul != null) throw new ServiceError('INVALID_PARAMS', { path: nul || '(params)', message: 'NUL character' })
    const parsed = def.params.safeParse(raw ?? {})
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      throw new ServiceError('INVALID_PARAMS', { path: issue?.path.join('.') || '(params)', message: issue?.message })
    }
    return def.run(parsed.data, ctx as never)
  }
  const call = (ctx: ServiceContext, params: z.input<S>): Promise<R> => invoke(ctx, params)
  return Object.assign(call, {
    public: Boolean(def.public),
    readsOnly: Boolean(def.readsOnly),
    params: def.params,
    invoke,
  })
}

/** The path of the first string (or key) holding a NUL character, or null. */
function nulPath(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null
  if (value === null || typeof value !== 'object' || depth > 20) return null
  for (const [k, v] of Object.entries(value)) {
    const p = path ? `${path}.${k}` : k
    if (k.includes('\u0000')) return p
    const found = nulPath(v, p, depth + 1)
    if (found != null) return found
  }
  return null
}

export function requireSession(ctx: ServiceContext): asserts ctx is AuthedContext {
  if (ctx.user) return
  throw new ServiceError(ctx.session === 'invalid' ? 'SESSION_INVALID_OR_EXPIRED' : 'SESSION_NOT_SET')
}

/** A service as the registry holds it: methods by name, called through `invoke`. */
export type Service = Record<string, AnyMethod>

export { zId } from '~/domain/idSchema'
export const zDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD')
