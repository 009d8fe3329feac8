// Helpers for thin routes: flash toasts across redirects, service errors as translated form errors.
import { redirect } from 'react-router'
import { authed, req, type Ctx, type Toast } from './context.server'
import { ServiceError } from '~/services/core.server'
import { headerSafeUrl } from './safe-redirect'
import type { AuthedContext } from '~/services/core.server'

/** Toasts for the page after this response (a redirect): the root middleware sends them in the signed toast cookie. */
export function flashToasts(context: Ctx, toasts: Toast[]): void {
  req(context).flash.push(...toasts)
}

export function redirectWithToast(context: Ctx, url: string, toast: Toast, init: { headers?: HeadersInit } = {}) {
  flashToasts(context, [toast])
  return redirect(headerSafeUrl(url), { headers: init.headers })
}

export const success = (key: string, params?: Toast['params']): Toast => ({ type: 'success', key, params })
export const failure = (key: string, params?: Toast['params']): Toast => ({ type: 'error', key, params })

/** The longest field path a toast names; a longer one is cut (it comes from the request). */
const TOAST_PATH_MAX = 80

/**
 * The toast for a service error: its constant in the errors catalogue ('Unexpected {constant}' when unknown), with
 * every value its text names (the limit, the field), so no placeholder is ever shown raw.
 */
export function errorToast(e: ServiceError): Toast {
  const { max, path } = e.details ?? {}
  return {
    type: 'error',
    key: `errors:${e.constant}`,
    params: {
      constant: e.constant,
      ...(typeof max === 'number' ? { max } : {}),
      path: typeof path === 'string' && path ? path.slice(0, TOAST_PATH_MAX) : '–',
    },
  }
}

/**
 * Runs a service call for a page action behind the login guard. On ServiceError redirects back to `back` with an
 * error toast (so it works without JavaScript); other errors propagate (500, logged). `changed`: where a post made
 * from an old version of the way goes instead (TRIP_CHANGED): the form again, showing what is stored now and
 * holding what the participant entered, so it is applied again in one tap.
 */
export async function runOrToast<T>(
  context: Ctx,
  back: string,
  fn: (ctx: AuthedContext) => Promise<T>,
  changed?: string,
): Promise<T> {
  try {
    return await fn(authed(context))
  } catch (e) {
    if (e instanceof ServiceError)
      throw redirectWithToast(context, e.constant === 'TRIP_CHANGED' && changed ? changed : back, errorToast(e))
    throw e
  }
}
