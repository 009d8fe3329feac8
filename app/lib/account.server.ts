// Helpers for the account pages (routes/user.*): the session cookie, service errors as form replies, and the user
// service's account methods with plain names (the service keeps the companion app's `pers`, `pwd`, `emailAddr`).
import type { Submission } from '@conform-to/react'
import { data } from 'react-router'
import { EmailRequestSchema } from './account-forms.server'
import { handler, runForm } from './intents.server'
import { redirectWithToast, success } from './http.server'
import { ServiceError, type ServiceContext } from '~/services/core.server'
import { userService } from '~/services/user.server'
import { SESSION_ABSOLUTE_MS } from '~/services/session.server'
import { req, serviceCtx, type Ctx } from './context.server'
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

/** Which e-mail link the one-e-mail-field pages ask for: a new password, or the registration's confirmation again. */
const SEND = {
  resetPassword: (ctx: ServiceContext, email: string) => userService.resetPassword(ctx, { emailAddr: email }),
  resetRegistration: (ctx: ServiceContext, email: string) => userService.resetRegistration(ctx, { emailAddr: email }),
}

/**
 * The action of the one-e-mail-field pages: honeypot, validation, the service call, and the same success toast for
 * known and unknown addresses (ADR 007).
 */
export async function emailRequestAction(
  request: Request,
  context: Ctx,
  opts: { send: keyof typeof SEND; successKey: string },
) {
  const formData = await request.formData()
  const done = () => redirectWithToast(context, '/user/login', success(opts.successKey))
  // A bot: pretend success and do nothing.
  if (await isBot(context, formData)) return done()
  return runForm(
    handler(EmailRequestSchema, async ({ email }, _args: null, submission) => {
      try {
        await SEND[opts.send](serviceCtx(context), email)
      } catch (e) {
        return serviceErrorReply(submission, e)
      }
      return done()
    }),
    formData,
    null,
  )
}

/** Logs in with the login name (the e-mail address) and password; answers the session and what must follow. */
export const login = (ctx: ServiceContext, login: { email: string; password: string }) =>
  userService.login(ctx, { idStr: login.email, password: login.password, platformConstant: 'WEB' })

/** Registers a participant: the e-mail address is the login name; alias and names are optional. */
export const register = (
  ctx: ServiceContext,
  person: { email: string; password: string; alias?: string; firstName?: string; lastName?: string },
) =>
  userService.register(ctx, {
    pers: {
      alias: person.alias ?? null,
      firstName: person.firstName ?? null,
      lastName: person.lastName ?? null,
      idStr: person.email,
    },
    pwd: person.password,
    platformConstant: 'WEB',
  })

/** Sets a new password with the token of the reset link. */
export const setPassword = (ctx: ServiceContext, link: { email: string; token: string }, password: string) =>
  userService.setPassword(ctx, { emailAddr: link.email, password, verificationStr: link.token })

/** Confirms the e-mail address with the token of the registration link. */
export const verifyEmail = (ctx: ServiceContext, link: { email: string; token: string }) =>
  userService.verifyEmailAddress(ctx, { emailAddr: link.email, verificationStr: link.token })

/** An e-mail link's address and one-time token (query `email` and `verstr`), or null when either is missing. */
export function emailLink(url: URL): { email: string; token: string } | null {
  const email = url.searchParams.get('email')?.trim()
  const token = url.searchParams.get('verstr')?.trim()
  return email && token ? { email, token } : null
}
