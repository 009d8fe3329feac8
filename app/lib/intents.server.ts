// Pages with several actions: every form names its `intent`; a typed table maps each intent to its zod schema and
// a handler. The form is parsed with conform (parseWithZod); invalid input answers 400 with `submission.reply()`
// (field errors as catalogue keys, shown next to their fields, and the posted values, `intent` among them, so a
// page knows which form the answer belongs to). An intent that is not in the table answers 400.
import type { Submission, SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import { z } from 'zod'

export interface IntentHandler<S extends z.ZodType, A, R> {
  schema: S
  /** `submission`: for a reply of the handler's own (a service error next to its field). */
  run: (value: z.output<S>, args: A, submission: Submission<z.input<S>, string[], z.output<S>>) => Promise<R>
  /** Instead of the 400 reply: what invalid input answers (e.g. a redirect with a toast, for a form with no field to mark). */
  invalid?: (args: A, submission: Submission<z.input<S>, string[], z.output<S>>) => Promise<R>
}

/** One row of an intent table: the form's schema and what to do with its parsed values. */
export function intent<S extends z.ZodType, A, R>(
  schema: S,
  run: IntentHandler<S, A, R>['run'],
  opts: Pick<IntentHandler<S, A, R>, 'invalid'> = {},
): IntentHandler<S, A, R> {
  return { schema, run, ...opts }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type IntentTable<A> = Record<string, IntentHandler<any, A, unknown>>

type Result<T> = T extends IntentHandler<z.ZodType, unknown, infer R> ? R : never

/** The form's intent, or null when it posts none. */
const intentOf = (form: FormData): string | null => {
  const v = form.get('intent')
  return typeof v === 'string' ? v : null
}

/**
 * Runs the form's intent from `table`: 400 (thrown) for an unknown one, 400 with the submission's reply for invalid
 * input, else the handler's answer (usually a redirect with a toast).
 */
export async function runIntent<T extends IntentTable<A>, A>(
  table: T,
  form: FormData,
  args: A,
): Promise<Result<T[keyof T]> | ReturnType<typeof data<SubmissionResult<string[]>>>> {
  const name = intentOf(form)
  const handler = name != null && Object.hasOwn(table, name) ? table[name] : undefined
  if (!handler) throw data('Unknown intent', { status: 400 })
  const submission = parseWithZod(form, { schema: handler.schema })
  if (submission.status !== 'success') {
    if (handler.invalid) return (await handler.invalid(args, submission)) as Result<T[keyof T]>
    return data(submission.reply(), { status: 400 })
  }
  return (await handler.run(submission.value, args, submission)) as Result<T[keyof T]>
}

/**
 * For a page whose answers are read by an engine of their own (the questionnaires): the pressed button's intent,
 * parsed with its schema; 400 (thrown) for any other.
 */
export function postedIntent<const I extends readonly [string, ...string[]]>(form: FormData, intents: I): I[number] {
  const submission = parseWithZod(form, { schema: z.object({ intent: z.enum(intents) }) })
  if (submission.status !== 'success') throw data('Unknown intent', { status: 400 })
  return submission.value.intent
}
