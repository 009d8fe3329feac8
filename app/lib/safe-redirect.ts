// The one gate for every redirect target and every link built from a request (a form value, a query parameter, the
// Referer, the current path): remix-utils' safeRedirect after a normalisation that reads the target the way a
// browser will. Shared by server and client (the locale switch builds its link in the component).
import { safeRedirect as remixSafeRedirect } from 'remix-utils/safe-redirect'

/**
 * A same-site path for `to`, else `fallback`. Browsers drop tabs and line breaks from URLs and read "\" as "/", so
 * those are removed or encoded first; a run of leading slashes and backslashes ("//evil.example", "/\evil.example")
 * collapses to one slash, so the target stays on this site; anything but printable ASCII is percent-encoded, so the
 * result always fits a Location header. Never throws.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = '/ways'): string {
  if (typeof to !== 'string') return fallback
  try {
    return remixSafeRedirect(sitePath(to), fallback)
  } catch {
    return fallback
  }
}

/**
 * The normalisation alone, for a link to the page the browser is on (its path always starts with "/"): the page's
 * own components use it without carrying the rest of the gate in their JavaScript.
 */
export function sitePath(to: string): string {
  return headerSafeUrl(
    to
      .replace(/[\t\n\r]/g, '')
      .trim()
      .replace(/^[/\\]+/, '/'),
  )
}

/** A URL fit for the Location header: "\" and anything but printable ASCII percent-encoded (a lone surrogate as U+FFFD). */
export function headerSafeUrl(url: string): string {
  return url.replace(/[^\x21-\x5b\x5d-\x7e]/gu, (c) => {
    try {
      return encodeURIComponent(c)
    } catch {
      return '%EF%BF%BD'
    }
  })
}
