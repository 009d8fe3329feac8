// Password hashing: argon2id, 19 MiB, 2 iterations, parallelism 1 (OWASP's recommended minimum).
import { hash, verify } from '@node-rs/argon2'

const OPTS = { algorithm: 2 /* Argon2id */, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 } as const

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTS)
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password)
  } catch {
    return false
  }
}

/** A hash to verify against when the account does not exist, so the answer takes the same time. */
let dummy: Promise<string> | undefined
export function dummyHash() {
  return (dummy ??= hashPassword('not-a-real-password-' + Math.random()))
}
