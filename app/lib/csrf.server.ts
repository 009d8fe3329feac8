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
