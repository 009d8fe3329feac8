// The stylesheet inline on a first visit (docs/decisions/014-inline-css-first-visit.md): a browser without our
// stylesheet in its cache would wait one more round trip for it, while the page's scripts share the same thin line;
// with it inline, the first page paints as soon as its HTML is here. The page also asks for the stylesheet file at
// idle priority, and a cookie with the stylesheet's hash says from then on that the browser has it: later pages link
// it as usual. A wrong guess costs only speed, never looks.
import crypto from 'node:crypto'
import css from '~/styles/app.css?inline'
import { ONE_YEAR_S, parseCookies, serializeCookie } from './cookies.server'

export const STYLESHEET_CSS: string = css
const HASH = crypto.createHash('sha256').update(css).digest('base64url').slice(0, 12)
const STYLESHEET_COOKIE = 'td_css'

/** Inline the stylesheet into this page? Then the cookie to set, too. */
export function inlineStylesheet(request: Request, secure: boolean): { inline: boolean; setCookie?: string } {
  if (parseCookies(request.headers.get('Cookie'))[STYLESHEET_COOKIE] === HASH) return { inline: false }
  return {
    inline: true,
    setCookie: serializeCookie(STYLESHEET_COOKIE, HASH, { maxAge: ONE_YEAR_S, httpOnly: true, secure }),
  }
}
