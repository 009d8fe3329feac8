// POST /functions/invoke-service-method: the service-method protocol for the companion app and other clients.
import type { Route } from './+types/api.invoke-service-method'
import { req } from '~/lib/context.server'
import { DEFAULT_LOCALE } from '~/domain/locale'
import { dispatch, errsBody, MAX_BODY_BYTES } from '~/services/dispatch.server'

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
  })

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return json(errsBody(DEFAULT_LOCALE, 'METHOD_NOT_ALLOWED'), 405)
  // Only JSON: a foreign page cannot send it without a CORS preflight (text/plain or a form post could be).
  if (!isJson(request.headers.get('Content-Type'))) return json(errsBody(DEFAULT_LOCALE, 'UNSUPPORTED_MEDIA_TYPE'), 415)
  const declared = Number(request.headers.get('Content-Length') ?? 0)
  if (declared > MAX_BODY_BYTES) return json(errsBody(DEFAULT_LOCALE, 'PAYLOAD_TOO_LARGE'), 413)
  const body = await readLimited(request, MAX_BODY_BYTES)
  if (body === null) return json(errsBody(DEFAULT_LOCALE, 'PAYLOAD_TOO_LARGE'), 413)
  const r = req(context)
  const result = await dispatch(r.app, body, { clientIp: r.server.clientIp })
  return json(result.body, result.status)
}

export function loader() {
  return json(errsBody(DEFAULT_LOCALE, 'METHOD_NOT_ALLOWED'), 405)
}

/** application/json, with or without parameters (charset). */
function isJson(contentType: string | null): boolean {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase() === 'application/json'
}

async function readLimited(request: Request, limit: number): Promise<string | null> {
  if (!request.body) return ''
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limit) {
      await reader.cancel()
      return null
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks).toString('utf8')
}
