// Helpers for the account pages (routes/user.*): the session cookie, and service errors as form replies.
import type { Submission } from '@conform-to/react'
import { data } from 'react-router'
import { parseWithZod } from '@conform-to/zod/v4'
import { EmailRequestSchema } from './account-forms'
import { redirectWithToast, success } from './http.server'
import { ServiceError } from '~/services/core.server'
import { SESSION_ABSOLUTE_MS } from '~/services/session.server'
import { req, type Ctx } from './context.server'
import { isBot } from './honeypot.server'
import { SESSION_COOKIE, serializeCookie } from './cookies.server'

/** The session cookie (ADR 003): HttpOnly, SameSite=Lax, Secure over https; the database enforces the expiry. */
export function sessionCookie(context: Ctx, token: string): string {
  return serializeCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    secure: req(context).server.secure,
    maxAge: SESSION_ABSOLUTE_MS / 1000,
  })
}

export function clearSessionCookie(context: Ctx): string {
  return serializeCookie(SESSION_COOKIE, '', { httpOnly: true, secure: req(context).server.secure, maxAge: 0 })
}

type Replyable = Pick<Submission<unknown>, 'reply'>

/**
 * A ServiceError as the form's answer: TOO_MANY_REQUESTS → HTTP 429 with the translated message, a constant
 * mapped to a field → that field's error, anything else → a form error (status 400). Other errors propagate.
 */
export function serviceErrorReply(
  submission: Replyable,
  e: unknown,
  opts: { fields?: Record<string, string>; hideFields?: string[] } = {},
) {
  if (!(e instanceof ServiceError)) throw e
  const hideFields = opts.hideFields
  if (e.constant === 'TOO_MANY_REQUESTS')
    return data(submission.reply({ formErrors: ['errors:TOO_MANY_REQUESTS'], hideFields }), { status: 429 })
  const field = opts.fields?.[e.constant]
  if (field)
    return data(submission.reply({ fieldErrors: { [field]: [`errors:${e.constant}`] }, hideFields }), { status: 400 })
  return data(submission.reply({ formErrors: [`errors:${e.constant}`], hideFields }), { status: 400 })
}

/**
 * The action of the one-e-mail-field pages: honeypot, validation, the service call, and the same success toast for
 * known and unknown addresses (ADR 007).
 */
export async function emailRequestAction(
  request: Request,
  context: Ctx,
  opts: { send: (emailAddr: string) => Promise<unknown>; successKey: string },
) {
  const formData = await request.formData()
  const done = () => redirectWithToast(context, '/user/login', success(opts.successKey))
  // A bot: pretend success and do nothing.
  if (await isBot(context, formData)) return done()
  const submission = parseWithZod(formData, { schema: EmailRequestSchema })
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 })
  try {
    await opts.send(submission.value.email)
  } catch (e) {
    return serviceErrorReply(submission, e)
  }
  return done()
}
