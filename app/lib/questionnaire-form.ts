// The questionnaire flow's form: a post read into the flow's typed input (the pressed button, the part and question it
// was on, and the question's answer fields), and a refusal of the flow in the shape of the form reply, the message (a
// catalogue key) under the question's field (`q<id>`), or under '' for the whole run (incomplete).
import type { FormLike } from '~/domain/answerInput'
import { flowMessage, questionField } from '~/domain/questionMessages'
import type { FlowIntent, FlowPost } from '~/services/questionnaire/flow-post.server'
import type { FlowError } from '~/services/questionnaire/flow-view.server'
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
