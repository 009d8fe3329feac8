// The routes the benchmarks load, logged in as the measured participant: the bare /hello baseline, a data-free
// logged-in page, the ways list, a trip detail, the campaign questionnaire and the getTrips API call.
import { request, type LoadTarget } from './load'
import { BENCH_USER } from './seed'

export type RouteName = 'hello' | 'page' | 'list' | 'listDeep' | 'detail' | 'questionnaire' | 'getTrips'

/** The browser's login (form post): the cookie header a logged-in page request carries. */
export async function sessionCookie(url: string): Promise<string> {
  const res = await request({
    url: `${url}/user/login`,
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: url },
    body: new URLSearchParams({ idStr: BENCH_USER.email, password: BENCH_USER.password }).toString(),
  })
  const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0])
  if (res.status !== 302 || cookies.length === 0) throw new Error(`login failed: ${res.status}`)
  return [...cookies, 'privacy=accepted'].join('; ')
}

/** The companion app's login (service method): the session token of params.session. */
async function apiSession(url: string): Promise<string> {
  const res = await request({
    url: `${url}/functions/invoke-service-method`,
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      serviceName: 'user',
      methodName: 'login',
      environment: 'production',
      params: { idStr: BENCH_USER.email, password: BENCH_USER.password, platformConstant: 'WEB' },
    }),
  })
  const session = (JSON.parse(res.body) as { return?: { session?: string } }).return?.session
  if (!session) throw new Error(`API login failed: ${res.body.slice(0, 200)}`)
  return session
}

/** Every route with its request, checked once to answer what it should (a page that errors would be fast). */
export async function targetsFor(url: string, expectWays = 1000): Promise<Record<RouteName, LoadTarget>> {
  const cookie = await sessionCookie(url)
  const session = await apiSession(url)
  const page = (p: string): LoadTarget => ({ url: `${url}${p}`, headers: { Cookie: cookie } })
  const list = page('/ways/list/all/page/1')
  const first = await request(list)
  const ids = [...first.body.matchAll(/data-trip-id="(\d+)"/g)].map((m) => m[1])
  if (first.status !== 200 || ids.length !== 10) throw new Error(`list page: ${first.status}, ${ids.length} ways`)
  const targets: Record<RouteName, LoadTarget> = {
    hello: { url: `${url}/hello` },
    page: page('/contact'),
    list,
    listDeep: page('/ways/list/all/page/50'),
    detail: page(`/ways/tripDetails/${ids[0]}`),
    questionnaire: page('/campaign/questionnaire/initial'),
    getTrips: {
      url: `${url}/functions/invoke-service-method`,
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        serviceName: 'trip',
        methodName: 'getTrips',
        environment: 'production',
        params: { session, fetchNext: 10, offset: 0 },
      }),
    },
  }
  for (const name of ['detail', 'questionnaire', 'page', 'listDeep'] as const) {
    const r = await request(targets[name])
    if (r.status !== 200) throw new Error(`${name} (${targets[name].url}): ${r.status}`)
  }
  if (!/<form[^>]+method="post"/i.test((await request(targets.questionnaire)).body))
    throw new Error('questionnaire page shows no question form')
  const api = JSON.parse((await request(targets.getTrips)).body) as { return: { totalNo?: number; trps?: unknown[] } }
  if (api.return.totalNo !== expectWays || api.return.trps?.length !== 10)
    throw new Error(`getTrips: ${JSON.stringify(api).slice(0, 200)}`)
  return targets
}
