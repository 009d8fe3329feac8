// Researcher import of participants: accounts created from a file or the CLI, and campaign assignments.
import crypto from 'node:crypto'
import { eq } from 'drizzle-orm'
import { z } from 'zod'
import type { DbOrTx } from '~/db/connect.server'
import { campaigns, users } from '~/db/schema'
import { PASSWORD_MIN_LENGTH, passwordLongEnough } from '~/domain/password'
import { hashPassword } from '../password.server'
import { IdSchema } from '../schemas/campaign-file'
import { ImportError, parseOrThrow } from './problems'
import { isUniqueViolation } from '~/db/errors'

const CreateUserSchema = z.object({
  email: z.email().max(320),
  password: z.string().max(1000).refine(passwordLongEnough, `at least ${PASSWORD_MIN_LENGTH} characters`),
  verified: z.boolean().default(false),
  campaignId: IdSchema.nullish(),
  firstName: z.string().max(200).nullish(),
  lastName: z.string().max(200).nullish(),
  /** The forced password change after the first login. */
  passwordUpdateRequired: z.boolean().default(false),
  /** When the account came to be (default: now); a seeded study's participants joined at its start. */
  joinedAt: z.date().optional(),
})
export type CreateUserInput = z.input<typeof CreateUserSchema>

export interface CreatedUser {
  id: number
  email: string
  pseudonym: string
}

/** A pseudonymous id for research exports: not derived from anything personal. */
export function newPseudonym(): string {
  return 'p_' + crypto.randomBytes(5).toString('hex')
}

export async function createUser(db: DbOrTx, input: CreateUserInput): Promise<CreatedUser> {
  const data = parseOrThrow(CreateUserSchema, input)
  const email = data.email.toLowerCase()
  // Hash before the transaction: argon2 takes a while and needs no lock.
  const passwordHash = await hashPassword(data.password)
  try {
    return await db.transaction(async (tx) => {
      if (await userByEmail(tx, email)) throw new ImportError('email', `a user with the e-mail ${email} already exists`)
      if (data.campaignId != null) await requireCampaign(tx, data.campaignId, 'campaignId')
      const pseudonym = newPseudonym()
      const [row] = await tx
        .insert(users)
        .values({
          email,
          passwordHash,
          verified: data.verified,
          passwordUpdateRequired: data.passwordUpdateRequired,
          campaignId: data.campaignId ?? null,
          firstName: data.firstName ?? null,
          lastName: data.lastName ?? null,
          pseudonym,
          ...(data.joinedAt ? { createdAt: data.joinedAt } : {}),
        })
        .returning({ id: users.id })
      return { id: row.id, email, pseudonym }
    })
  } catch (err) {
    // Another process created the same e-mail between our check and our insert.
    if (isUniqueViolation(err)) throw new ImportError('email', `a user with the e-mail ${email} already exists`)
    throw err
  }
}

async function userByEmail(tx: DbOrTx, email: string) {
  const [row] = await tx
    .select({ id: users.id, campaignId: users.campaignId })
    .from(users)
    .where(eq(users.email, email.toLowerCase()))
    .limit(1)
  return row
}

export async function requireUser(tx: DbOrTx, email: string) {
  const user = await userByEmail(tx, email)
  if (!user) throw new ImportError('email', `no user with the e-mail ${email.toLowerCase()}`)
  return user
}

async function requireCampaign(tx: DbOrTx, campaignId: number, path: string) {
  const [row] = await tx.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.id, campaignId))
  if (!row) throw new ImportError(path, `campaign ${campaignId} does not exist`)
}

const AssignSchema = z.object({ campaignId: IdSchema, email: z.string().min(1) })

export async function assignCampaign(db: DbOrTx, input: { campaignId: number; email: string }): Promise<void> {
  const { campaignId, email } = parseOrThrow(AssignSchema, input)
  await db.transaction(async (tx) => {
    const user = await requireUser(tx, email)
    await requireCampaign(tx, campaignId, 'campaignId')
    await tx.update(users).set({ campaignId }).where(eq(users.id, user.id))
  })
}
