// Security headers for HTML documents (issue: hardening). Scripts only with this response's nonce.
// nosniff and Referrer-Policy are set for every response by server/server.mjs.
function originOf(template: string | undefined): string | null {
  if (!template) return null
  const m = /^(https?:\/\/[^/{}]+)/.exec(template.replace('{s}', 'a'))
  if (!m) return null
  return template.includes('{s}') ? m[1]!.replace(/\/\/a\./, '//*.') : m[1]!
}

export function securityHeaders(
  nonce: string,
  tileTemplate?: string,
  staticMapTemplate?: string,
): Record<string, string> {
  const img = ["'self'", 'data:', originOf(tileTemplate), originOf(staticMapTemplate)].filter(Boolean).join(' ')
  const csp = [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic'`,
    "style-src 'self' 'unsafe-inline'",
    `img-src ${img}`,
    "connect-src 'self'",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ')
  return {
    'Content-Security-Policy': csp,
    'X-Frame-Options': 'DENY',
    'Permissions-Policy': 'geolocation=(self), camera=(), microphone=()',
  }
}
