// The login guard: middleware of the guarded layout and of the start pages that need a login; it also sets the participant's service context.
import { redirect, type MiddlewareFunction } from 'react-router'
import { keepPendingPost } from '~/services/pending-posts.server'
import type { SessionUser } from '~/services/core.server'
import { userService } from '~/services/user.server'
import { authedContext, req, serviceCtx, type Ctx } from './context.server'
import { SESSION_COOKIE, serializeCookie } from './cookies.server'
import { flashToasts } from './http.server'
import { safeRedirect } from './safe-redirect'

export const PASSWORD_UPDATE_PATH = '/user/password-update-required'

/**
 * The login guard, as route middleware: lets a logged-in participant through and makes their service context
 * available to every loader and action below (read with `authed(context)`); anyone else is redirected to
 * /user/login, keeping the page, and any form being sent, for after login.
 */
export function loginGuard(opts: { allowPasswordUpdate?: boolean } = {}): MiddlewareFunction<Response> {
  return async ({ context, request, url }, next) => {
    const user = await loggedInUser(context, request, url, opts)
    context.set(authedContext, { ...serviceCtx(context), user })
    return next()
  }
}

async function loggedInUser(
  context: Ctx,
  request: Request,
  url: URL,
  opts: { allowPasswordUpdate?: boolean },
): Promise<SessionUser> {
  const r = req(context)
  const here = url.pathname + url.search
  if (!r.user) {
    const params = new URLSearchParams({ redirectTo: here })
    if (r.session.state === 'invalid' && r.session.expiredUserId && request.method === 'POST') {
      // The session expired while a form was being sent: keep the entries so nothing is lost (files are not kept).
      const form = await request.formData().catch(() => null)
      const entries = [...(form ?? [])].filter((e): e is [string, string] => typeof e[1] === 'string')
      const id = await keepPendingPost(serviceCtx(context), {
        userId: r.session.expiredUserId,
        path: url.pathname,
        entries,
      })
      if (id) params.set('resume', id)
      params.set('redirectTo', safeRedirect(refererPath(request), here))
    }
    // An expired session logs out with a notice: the toast has to travel with the redirect.
    if (r.session.state === 'invalid')
      flashToasts(context, [{ type: 'error', key: 'errors:SESSION_INVALID_OR_EXPIRED' }])
    throw redirect(`/user/login?${params}`)
  }
  if (r.user.passwordUpdateRequired && !opts.allowPasswordUpdate) {
    // A user whose password update is required is logged out and sent to login.
    await userService.logout(serviceCtx(context), {})
    throw redirect('/user/login', {
      headers: { 'Set-Cookie': serializeCookie(SESSION_COOKIE, '', { maxAge: 0, httpOnly: true }) },
    })
  }
  return r.user
}

/** The path of the page the form was on, when the browser named a readable one (a malformed Referer is no page). */
function refererPath(request: Request): string | null {
  const referer = request.headers.get('Referer')
  if (!referer || !URL.canParse(referer)) return null
  return new URL(referer).pathname
}
