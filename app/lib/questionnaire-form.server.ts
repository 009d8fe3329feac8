// The questionnaire's form, handled as every form is: a handler whose schema names the page's buttons (a post with
// any other intent answers 400) and whose run reads the rest of the post, the answer fields, by their question's type.
import { data } from 'react-router'
import { z } from 'zod'
import type { FlowIntent, FlowPost } from '~/services/questionnaire/flow-post.server'
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
