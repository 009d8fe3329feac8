// How the account methods resist guessing and enumeration (docs/decisions/007-account-security.md): attempts counted
// per account and per client address in the database (shared by every app process; keys carry digests, not
// addresses), and answers that take the same time whatever the address.
import crypto from 'node:crypto'
import type { DbOrTx } from '~/db/connect.server'
import { ServiceError, type ServiceContext } from '../core.server'
import { clearEvents, takeSlot, withdrawEvent } from '../throttle.server'

/** Failures (login) or requests (register, resets) counted per account and per client address in a sliding window. */
export const THROTTLE = { windowMs: 15 * 60 * 1000, perAccount: 5, perClient: 20 } as const
/** Register and both resets answer no sooner than this, whatever the address, so time reveals nothing. */
export const MIN_ANSWER_MS = 250

export type ThrottledAction = 'login' | 'register' | 'resetPassword' | 'resetRegistration' | 'setPassword'

/** Waits until MIN_ANSWER_MS have passed since the start, whatever happened (also on errors). */
export async function withFloor<T>(fn: () => Promise<T>): Promise<T> {
  const started = performance.now()
  try {
    return await fn()
  } finally {
    const left = MIN_ANSWER_MS - (performance.now() - started)
    if (left > 0) await new Promise((resolve) => setTimeout(resolve, left))
  }
}

function throttleKeys(action: ThrottledAction, email: string, clientIp: string) {
  return [
    { key: `${action}:account:${digest(email.toLowerCase())}`, limit: THROTTLE.perAccount },
    { key: `${action}:client:${digest(clientIp)}`, limit: THROTTLE.perClient },
  ]
}

/**
 * Takes a slot under every limit of the action (the account's and the client's) before any costly work; refused
 * with TOO_MANY_REQUESTS when one is full. The slots stay counted (for login: a failure counts), see passed().
 */
export async function takeSlots(ctx: ServiceContext, action: ThrottledAction, email: string): Promise<number[]> {
  const now = ctx.now()
  const taken: number[] = []
  for (const { key, limit } of throttleKeys(action, email, ctx.clientIp)) {
    const slot = await takeSlot(ctx.db, key, { limit, windowMs: THROTTLE.windowMs, now })
    if (!slot.ok) {
      for (const id of taken) await withdrawEvent(ctx.db, id)
      throw new ServiceError('TOO_MANY_REQUESTS')
    }
    taken.push(slot.id)
  }
  return taken
}

/** A correct password: the account's failures are forgotten and this attempt does not count against the client. */
export async function passed(ctx: ServiceContext, action: ThrottledAction, email: string, slots: number[]) {
  await forgetFailures(ctx.db, action, email, ctx.clientIp)
  for (const id of slots) await withdrawEvent(ctx.db, id)
}

/** The account's counted failures of the action go (a correct password, a password reset lifts a login lock). */
export async function forgetFailures(db: DbOrTx, action: ThrottledAction, email: string, clientIp: string) {
  await clearEvents(db, throttleKeys(action, email, clientIp)[0]!.key)
}

function digest(s: string) {
  return crypto.createHash('sha256').update(s).digest('base64url').slice(0, 22)
}
