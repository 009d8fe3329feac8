// Form helpers shared by server and client: zod messages are i18n keys, translated where they are shown.
import { z } from 'zod'

/** A required trimmed string; the message is an i18n key. */
export const required = (key: string) => z.string({ error: key }).trim().min(1, key)
export const email = (requiredKey: string, invalidKey: string) => required(requiredKey).pipe(z.email({ error: invalidKey }))
export const minLen = (requiredKey: string, min: number, minKey: string) => z.string({ error: requiredKey }).min(1, requiredKey).min(min, minKey)
