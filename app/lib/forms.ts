// The form reply shared by server and client: an action's `submission.reply()`, its errors catalogue keys that are
// translated where they are shown. Free of zod, so a page's browser code can read a reply without the schema library.
import type { SubmissionResult } from '@conform-to/react'

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
