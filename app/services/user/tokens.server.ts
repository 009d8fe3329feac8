// One-time tokens of the account mails (verify the address, reset the password): 256 random bits, only the SHA-256
// stored, single use, expiring; a new one replaces the old ones of its kind (docs/decisions/007-account-security.md).
import { and, eq, isNull } from 'drizzle-orm'
import type { DbOrTx } from '~/db/connect.server'
import { oneTimeTokens, users } from '~/db/schema'
import { hashToken, newToken } from '../session.server'

/** One-time tokens: a reset link lives one hour, a verification link one week. */
export const TOKEN_TTL_MS = { verify: 7 * 24 * 3600 * 1000, reset: 3600 * 1000 } as const
export type TokenKind = keyof typeof TOKEN_TTL_MS

export async function issueToken(tx: DbOrTx, userId: number, kind: TokenKind, now: Date): Promise<string> {
  const token = newToken()
  await storeToken(tx, userId, kind, token, now)
  return token
}

export async function storeToken(tx: DbOrTx, userId: number, kind: TokenKind, token: string, now: Date) {
  await tx.delete(oneTimeTokens).where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.kind, kind)))
  await tx.insert(oneTimeTokens).values({
    userId,
    kind,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + TOKEN_TTL_MS[kind]),
    createdAt: now,
  })
}

/** The token row and its user, when the token exists, is of this kind and belongs to this address. */
export async function findToken(tx: DbOrTx, email: string, token: string, kind: TokenKind) {
  const [row] = await tx
    .select({ token: oneTimeTokens, user: users })
    .from(oneTimeTokens)
    .innerJoin(users, eq(users.id, oneTimeTokens.userId))
    .where(and(eq(oneTimeTokens.tokenHash, hashToken(token)), eq(oneTimeTokens.kind, kind)))
    .limit(1)
  if (!row || row.user.email !== email) return null
  return row
}

/** Marks a token used; false when a concurrent request used it first (single use, atomically). */
export async function markUsed(tx: DbOrTx, tokenId: number, now: Date): Promise<boolean> {
  const updated = await tx
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(and(eq(oneTimeTokens.id, tokenId), isNull(oneTimeTokens.usedAt)))
    .returning({ id: oneTimeTokens.id })
  return updated.length === 1
}
