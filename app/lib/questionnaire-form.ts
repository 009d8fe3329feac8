// The questionnaire flow's form: a post read into the flow's typed input (the pressed button, the part and question it
// was on, and the question's answer fields), and a refusal of the flow in the shape of the form reply, the message (a
// catalogue key) under the question's field (`q<id>`), or under '' for the whole run (incomplete).
import type { FormLike } from '~/domain/answerInput'
import { flowMessage, questionField } from '~/domain/questionMessages'
import type { FlowIntent, FlowPost } from '~/services/questionnaire/flow-post.server'
import type { FlowOutcome } from '~/services/questionnaire/flow-post.server'
import { outcomeQuery, type FlowError, type FlowQuery } from '~/services/questionnaire/flow-view.server'
import type { FormReply } from './forms'

/** A form's string fields read by name (uploaded files are ignored). */
function formLike(form: FormData): FormLike {
  return {
    get: (name) => {
      const v = form.get(name)
      return typeof v === 'string' ? v : null
    },
    getAll: (name) => form.getAll(name).filter((v): v is string => typeof v === 'string'),
  }
}

/** An id posted as a number, else null. */
function idField(value: string | null): number | null {
  const n = Number(value)
  return value != null && Number.isSafeInteger(n) && n > 0 ? n : null
}

/** The flow's post: `intent` is the pressed button, already checked against the page's buttons. */
export function flowPostFrom(form: FormData, intent: FlowIntent): FlowPost {
  const fields = formLike(form)
  const qtn = idField(fields.get('qtn'))
  return {
    intent,
    // The questionnaire exactly as the page wrote it (its id's digits).
    qtn: qtn != null && String(qtn) === fields.get('qtn') ? qtn : null,
    scope: fields.get('scope') ?? '',
    question: idField(fields.get('question')),
    fields,
  }
}

/** A refusal of the flow as the form's reply. */
export function flowReply(error: FlowError): FormReply {
  return {
    status: 'error',
    error: { [error.questionId == null ? '' : questionField(error.questionId)]: [flowMessage(error.reason)] },
  }
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
