// The questionnaire's form, handled as every form is: a handler whose schema names the page's buttons (a post with
// any other intent answers 400) and whose run reads the rest of the post, the answer fields, by their question's type;
// and the page's address, which carries where the participant is in the flow.
import { data } from 'react-router'
import { z } from 'zod'
import type { FlowIntent, FlowOutcome, FlowPost } from '~/services/questionnaire/flow-post.server'
import { outcomeQuery, type FlowQuery } from '~/services/questionnaire/flow-view.server'
import { handler, runForm } from './intents.server'
import { flowPostFrom } from './questionnaire-form'

/** The handler of a questionnaire page whose buttons are `intents`. */
export function flowForm<const I extends readonly [FlowIntent, ...FlowIntent[]]>(intents: I) {
  return handler(
    z.object({ intent: z.enum(intents) }),
    async (value, posted: FormData) => flowPostFrom(posted, value.intent),
    {
      invalid: async () => {
        throw data('Unknown intent', { status: 400 })
      },
    },
  )
}

/** The flow's typed post from the page's form; a button the page does not have answers 400 (thrown). */
export async function readFlowPost(form: ReturnType<typeof flowForm>, posted: FormData): Promise<FlowPost> {
  // An invalid post never returns: the handler's `invalid` throws.
  return (await runForm(form, posted, posted)) as FlowPost
}

// Where the participant is in a flow travels in the page's address: these are its parameters.
const P = { part: 'qpart', notice: 'qnotice', error: 'qerr', question: 'qq', prompt: 'qprompt' } as const

/** The flow's place as the page's address gives it. */
export function flowQueryFrom(search: URLSearchParams): FlowQuery {
  return {
    part: search.has(P.part) ? Number(search.get(P.part)) : null,
    prompt: search.get(P.prompt) === '1',
    error: search.get(P.error),
    notice: search.get(P.notice),
    question: search.get(P.question),
  }
}

/** The questionnaire panel of a way's page: open when the address says `view=questionnaire`, at the flow's place. */
export function questionnaireStepFrom(search: URLSearchParams): { active: boolean; query: FlowQuery } {
  return { active: search.get('view') === 'questionnaire', query: flowQueryFrom(search) }
}

/** The search parameters after an outcome of kind 'show' (the redirect target of a post). */
export function outcomeSearch(
  o: Extract<FlowOutcome, { kind: 'show' }>,
  opts: { withError: boolean },
): URLSearchParams {
  const q = outcomeQuery(o, opts)
  const s = new URLSearchParams({ [P.part]: String(q.part) })
  if (q.prompt) s.set(P.prompt, '1')
  if (q.notice) s.set(P.notice, q.notice)
  if (q.error) s.set(P.error, q.error)
  if (q.question != null) s.set(P.question, q.question)
  return s
}
