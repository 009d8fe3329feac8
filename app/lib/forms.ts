// The form reply as a page reads it: an action's `submission.reply()` (status 400), its errors catalogue keys that
// are translated where they are shown, its values what was posted (less the hidden ones, such as passwords). Every
// form of the app reads its reply through these few functions. Free of zod and of conform's browser code, so no
// page ships a schema library to show a server's answer.
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

/** The first error (a catalogue key) of one field of a reply; `''` names the form's own errors. */
export const fieldError = (reply: FormReply | undefined, name: string): string | undefined => reply?.error?.[name]?.[0]

/** The errors of the form as a whole (not of one field). */
export const formErrors = (reply: FormReply | undefined): string[] => reply?.error?.['']?.filter(Boolean) ?? []

/** The one message to show above a form: its own error, else the first field's. */
export const firstError = (reply: FormReply | undefined): string | undefined =>
  fieldError(reply, '') ?? Object.values(reply?.error ?? {}).find((list) => list?.length)?.[0]

/** What was posted in a field, to show it again (undefined for a field the reply hides). */
export function postedValue(reply: FormReply | undefined, name: string): string | undefined {
  const value = reply?.initialValue?.[name]
  return typeof value === 'string' ? value : undefined
}

const replyIds = new WeakMap<object, number>()
let lastReplyId = 0

/**
 * A key that changes with every new reply: a form keyed by it mounts afresh, so its inputs show the reply's values
 * (hidden ones emptied) and the first field in error takes the focus, with JavaScript as without.
 */
export function replyKey(reply: FormReply | undefined): number {
  if (!reply) return 0
  let id = replyIds.get(reply)
  if (id === undefined) {
    id = ++lastReplyId
    replyIds.set(reply, id)
  }
  return id
}
