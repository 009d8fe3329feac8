// Form helpers shared by server and client: zod messages are i18n keys, translated where they are shown.
import type { SubmissionResult } from '@conform-to/react'
import { z } from 'zod'

/** A required trimmed string; the message is an i18n key. */
export const required = (key: string) => z.string({ error: key }).trim().min(1, key)
export const email = (requiredKey: string, invalidKey: string) =>
  required(requiredKey).pipe(z.email({ error: invalidKey }))
export const minLen = (requiredKey: string, min: number, minKey: string) =>
  z.string({ error: requiredKey }).min(1, requiredKey).min(min, minKey)

/** What an action answers for an invalid form: conform's `submission.reply()`. */
export type FormReply = SubmissionResult<string[]>

const isReply = (v: unknown): v is FormReply =>
  typeof v === 'object' && v !== null && ('initialValue' in v || 'error' in v || 'status' in v)

/** The action's answer as a form reply; with intents, only when it belongs to the form that posted one of them. */
export function replyFor(actionData: unknown, ...intents: string[]): FormReply | undefined {
  if (!isReply(actionData)) return undefined
  if (intents.length === 0) return actionData
  const posted = actionData.initialValue?.intent
  return typeof posted === 'string' && intents.includes(posted) ? actionData : undefined
}

/** The first error (a catalogue key) of one field of a reply. */
export const fieldError = (reply: FormReply | undefined, name: string): string | undefined => reply?.error?.[name]?.[0]
