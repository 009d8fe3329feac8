// Every form's action, one way: a handler pairs the form's zod schema with what to do with its parsed values. The
// posted data is parsed with conform (parseWithZod); invalid input answers 400 with `submission.reply()` (field
// errors as catalogue keys, shown next to their fields, and the posted values less the hidden ones), else the
// handler runs. A page with one form runs its handler (runForm); a page with several names each form's `intent`,
// and a typed table maps each intent to its handler (runIntent); an intent that is not in the table answers 400.
import type { Submission, SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import type { z } from 'zod'

type Parsed<S extends z.ZodType> = Submission<z.input<S>, string[], z.output<S>>

interface FormHandler<S extends z.ZodType, A, R> {
  schema: S
  /** `submission`: for a reply of the handler's own (a service error next to its field). */
  run: (value: z.output<S>, args: A, submission: Parsed<S>) => Promise<R>
  /** Instead of the 400 reply: what invalid input answers (e.g. a redirect with a toast, for a form with no field to mark). */
  invalid?: (args: A, submission: Parsed<S>) => Promise<R>
  /** Fields whose posted value never comes back in a reply (passwords). */
  hide?: string[]
}

/** A form's handler: its schema and what to do with its parsed values. */
export function handler<S extends z.ZodType, A, R>(
  schema: S,
  run: FormHandler<S, A, R>['run'],
  opts: Pick<FormHandler<S, A, R>, 'invalid' | 'hide'> = {},
): FormHandler<S, A, R> {
  return { schema, run, ...opts }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type IntentTable<A> = Record<string, FormHandler<any, A, unknown>>

type Result<T> = T extends FormHandler<z.ZodType, unknown, infer R> ? R : never
type InvalidReply = ReturnType<typeof data<SubmissionResult<string[]>>>

/** Runs one form's handler on the posted data: 400 with the submission's reply for invalid input. */
export async function runForm<S extends z.ZodType, A, R>(
  form: FormHandler<S, A, R>,
  posted: FormData,
  args: A,
): Promise<R | InvalidReply> {
  const submission = parseWithZod(posted, { schema: form.schema }) as Parsed<S>
  if (submission.status !== 'success') {
    if (form.invalid) return form.invalid(args, submission)
    return data(submission.reply({ hideFields: form.hide }), { status: 400 })
  }
  return form.run(submission.value, args, submission)
}

/** The form's intent, or null when it posts none. */
const intentOf = (form: FormData): string | null => {
  const v = form.get('intent')
  return typeof v === 'string' ? v : null
}

/** Runs the form's intent from `table` (runForm); 400 (thrown) for an unknown one. */
export async function runIntent<T extends IntentTable<A>, A>(
  table: T,
  form: FormData,
  args: A,
): Promise<Result<T[keyof T]> | InvalidReply> {
  const name = intentOf(form)
  const row = name != null && Object.hasOwn(table, name) ? table[name] : undefined
  if (!row) throw data('Unknown intent', { status: 400 })
  return (await runForm(row, form, args)) as Result<T[keyof T]> | InvalidReply
}
