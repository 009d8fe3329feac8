// CSRF defence: a strict Origin check on every state-changing request (docs/decisions/004-csrf.md).
// Browsers send Origin on every cross-site and same-site POST; Referer is the fallback for old ones.
export function checkOrigin(request: Request, publicUrl: string): boolean {
  const own = new Set([new URL(request.url).origin, new URL(publicUrl).origin])
  const origin = request.headers.get('Origin')
  if (origin && origin !== 'null') return own.has(origin)
  const referer = request.headers.get('Referer')
  if (referer) {
    try {
      return own.has(new URL(referer).origin)
    } catch {
      return false
    }
  }
  return false
}

/**
 * A GET that came from our own pages (a link clicked on this site) or from the address bar / a bookmark, not from a
 * foreign page: it may change a stored preference. Sec-Fetch-Site decides where browsers send it; else the Referer
 * must be ours (no Referer, no change).
 */
export function isOwnNavigation(request: Request, publicUrl: string): boolean {
  const site = request.headers.get('Sec-Fetch-Site')
  if (site) return site === 'same-origin' || site === 'none'
  const referer = request.headers.get('Referer')
  if (!referer) return false
  try {
    return new Set([new URL(request.url).origin, new URL(publicUrl).origin]).has(new URL(referer).origin)
  } catch {
    return false
  }
}
