// Helpers for thin routes: flash toasts across redirects, service errors as translated form errors.
import { data, redirect } from 'react-router'
import { req, serviceCtx, type Ctx, type Toast } from './context.server'
import { TOAST_COOKIE, serializeCookie, sign } from './cookies.server'
import { ServiceError } from '~/services/core.server'
import type { ServiceContext } from '~/services/core.server'

export function toastCookie(context: Ctx, toasts: Toast[]): string {
  const r = req(context)
  return serializeCookie(TOAST_COOKIE, sign(JSON.stringify(toasts), r.app.env.sessionSecrets), {
    httpOnly: true,
    maxAge: 60,
    secure: r.server.secure,
  })
}

export function redirectWithToast(context: Ctx, url: string, toast: Toast, init: { headers?: HeadersInit } = {}) {
  const headers = new Headers(init.headers)
  headers.append('Set-Cookie', toastCookie(context, [toast]))
  return redirect(headerSafeUrl(url), { headers })
}

/** A redirect target fit for the Location header: anything but printable ASCII percent-encoded (a form value may
 * carry a NUL or a line break into a URL built from it). */
export function headerSafeUrl(url: string): string {
  return url.replace(/[^\x21-\x7e]/gu, (c) => {
    try {
      return encodeURIComponent(c)
    } catch {
      return '%EF%BF%BD' // a lone surrogate
    }
  })
}

export const success = (key: string, params?: Toast['params']): Toast => ({ type: 'success', key, params })
export const failure = (key: string, params?: Toast['params']): Toast => ({ type: 'error', key, params })

/** The toast for a service error: its constant in the errors catalogue ('Unexpected {constant}' when unknown). */
export function errorToast(e: ServiceError): Toast {
  return { type: 'error', key: `errors:${e.constant}`, params: { constant: e.constant } }
}

/**
 * Runs a service call for a page action. On ServiceError redirects back to `back` with an error toast
 * (so it works without JavaScript); other errors propagate (500, logged).
 */
export async function runOrToast<T>(context: Ctx, back: string, fn: (ctx: ServiceContext) => Promise<T>): Promise<T> {
  try {
    return await fn(serviceCtx(context))
  } catch (e) {
    if (e instanceof ServiceError) throw redirectWithToast(context, back, errorToast(e))
    throw e
  }
}

export function badRequest(message = 'Bad request') {
  return data({ error: message }, { status: 400 })
}

export function notFound() {
  return data({ notFound: true }, { status: 404 })
}
