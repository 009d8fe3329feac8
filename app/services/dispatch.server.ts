// The service-method protocol adapter: one JSON body in, { return } out.
import { z } from 'zod'
import type { Locale } from '~/domain/locale'
import { parseLocale, DEFAULT_LOCALE } from '~/domain/locale'
import { tFor } from '~/infra/i18n.server'
import { log } from '~/infra/log.server'
import type { App } from '~/services/core.server'
import { ServiceError, type ServiceContext } from './core.server'
import { services } from './registry.server'
import { resolveSession } from './session.server'

export const MAX_BODY_BYTES = 1024 * 1024

const Envelope = z.object({
  serviceName: z.string().max(100),
  methodName: z.string().max(100),
  environment: z.string().max(100).optional(),
  params: z.record(z.string(), z.unknown()).optional().default({}),
})

export interface DispatchResult {
  status: number
  body: { return: Record<string, unknown> | null }
}

export function errsBody(locale: Locale, constant: string, extra: Record<string, unknown> = {}) {
  const t = tFor(locale)
  const desc = t(`errors:${constant}`, { defaultValue: t('errors:unexpected', { constant }), ...extra })
  return { return: { errs: [{ constant, desc, ...extra }] } }
}

export async function dispatch(app: App, rawBody: string, meta: { clientIp: string }): Promise<DispatchResult> {
  let json: unknown
  try {
    json = JSON.parse(rawBody)
  } catch {
    return { status: 400, body: errsBody(DEFAULT_LOCALE, 'MALFORMED_REQUEST') }
  }
  const env = Envelope.safeParse(json)
  if (!env.success) return { status: 400, body: errsBody(DEFAULT_LOCALE, 'MALFORMED_REQUEST') }
  const { serviceName, methodName, params } = env.data
  const locale = parseLocale(typeof params.locale === 'string' ? params.locale : '') ?? DEFAULT_LOCALE
  const service = Object.hasOwn(services, serviceName) ? services[serviceName] : undefined
  const method = service && Object.hasOwn(service, methodName) ? service[methodName] : undefined
  if (!method) return { status: 400, body: errsBody(locale, 'UNKNOWN_SERVICE_METHOD') }

  const now = new Date()
  const token = typeof params.session === 'string' ? params.session : undefined
  const session = await resolveSession(app.database.db, token, now)
  const ctx: ServiceContext = {
    db: app.database.db,
    env: app.env,
    mailer: app.mailer,
    locale,
    user: session.state === 'valid' ? session.user : null,
    session: session.state,
    sessionToken: session.state === 'valid' ? token : undefined,
    clientIp: meta.clientIp,
    now: () => now,
    catalogueVersion: session.state === 'valid' ? session.catalogueVersion : undefined,
    dataVersion: session.state === 'valid' && method.readsOnly ? session.dataVersion : undefined,
  }
  const { session: _s, locale: _l, ...rest } = params
  try {
    const result = await method.invoke(ctx, rest)
    return { status: 200, body: { return: (result ?? null) as Record<string, unknown> | null } }
  } catch (e) {
    if (e instanceof ServiceError) {
      if (e.constant !== 'SESSION_NOT_SET')
        log.debug({ msg: 'service error', service: serviceName, method: methodName, constant: e.constant })
      return {
        status: 200,
        body: errsBody(locale, e.constant, {
          ...(e.details?.path ? { path: e.details.path } : {}),
          ...(typeof e.details?.max === 'number' ? { max: e.details.max } : {}),
        }),
      }
    }
    log.error({
      msg: 'service method failed',
      service: serviceName,
      method: methodName,
      error: e instanceof Error ? e.stack : String(e),
    })
    return { status: 500, body: errsBody(locale, 'INTERNAL_ERROR') }
  }
}
