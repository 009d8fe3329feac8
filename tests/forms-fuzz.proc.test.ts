// Fuzzing the HTML actions: random form bodies for every form the pages render. The forms are found by crawling
// the running server as a logged-in participant (so new pages and intents are fuzzed without changes here); each
// post keeps, spoils, drops or adds fields (intent, ids, version, dates, times, modes, texts) and must never make
// the server fail (no 5xx). Afterwards the server is still ready and the participant can still log in.
import fs from 'node:fs'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { formLogin, startServer, tempDir, type ServerProcess } from './proc'

const POSTS = Number(process.env.FORM_FUZZ_POSTS ?? 300)
const FUZZ_CLIENT = '203.0.113.7'

let server: ServerProcess
let dataDir: string
let cookie: string

interface FormSpec {
  action: string
  fields: [string, string][]
}

beforeAll(async () => {
  dataDir = tempDir('forms')
  // TRUST_PROXY=loopback: the fuzz posts come from their own client address (X-Forwarded-For), so what they count
  // against the per-client login throttle does not touch the logins of the last test.
  server = await startServer({ dataDir, demo: true, env: { DEV_MODE: '1', DEBUG_MODE: '1', TRUST_PROXY: 'loopback' } })
  cookie = await formLogin(server.url, 'demo@example.org', 'demo1234')
}, 180_000)
afterAll(async () => {
  const exit = await server?.kill('SIGTERM')
  fs.rmSync(dataDir, { recursive: true, force: true })
  expect(exit?.code).toBe(0)
})

const decode = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
const attr = (tag: string, name: string) => {
  const m = new RegExp(`\\s${name}="([^"]*)"`).exec(tag)
  return m ? decode(m[1]!) : null
}

/** The post forms of a page: action and fields (inputs, selects, textareas, named buttons) with their values. */
function formsOf(html: string, pageUrl: string): FormSpec[] {
  const out: FormSpec[] = []
  for (const m of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)) {
    const [, head, body] = m as unknown as [string, string, string]
    if ((attr(`<form ${head}`, 'method') ?? 'get').toLowerCase() !== 'post') continue
    const action = new URL(attr(`<form ${head}`, 'action') ?? pageUrl, server.url + pageUrl)
    const fields: [string, string][] = []
    for (const t of body.matchAll(/<(input|select|textarea|button)\b[^>]*>/g)) {
      const name = attr(t[0], 'name')
      if (name) fields.push([name, attr(t[0], 'value') ?? ''])
    }
    for (const o of body.matchAll(/<select\b[^>]*name="([^"]+)"[^>]*>[\s\S]*?<option\b[^>]*value="([^"]*)"/g))
      fields.push([o[1]!, decode(o[2]!)])
    out.push({ action: action.pathname + action.search, fields })
  }
  return out
}

async function get(path: string): Promise<string> {
  const res = await fetch(server.url + path, { headers: { Cookie: cookie }, redirect: 'manual' })
  expect(res.status, path).toBeLessThan(500)
  return res.text()
}

/**
 * Crawls the participant's pages for post forms: breadth first from the lists, following the app's own links
 * (dialogs, views, details, other list pages), at most PER_SHAPE pages of one shape (path with numbers as N, and
 * the names of the search parameters), at most MAX_PAGES in all.
 */
async function crawl(): Promise<FormSpec[]> {
  const MAX_PAGES = 150
  const PER_SHAPE = 8
  const queue = [
    '/ways/list/all/page/1',
    '/ways/list/unconfirmed/page/1',
    '/ways/list/all/page/3',
    '/ways/add',
    '/pois',
    '/campaign',
    '/campaign/questionnaire/INITIAL',
    '/campaign/questionnaire/FINAL',
    '/user/update-password',
    '/user/delete-account',
  ]
  const seen = new Set<string>()
  const shapes = new Map<string, number>()
  const forms = new Map<string, FormSpec>()
  let visited = 0
  while (queue.length && visited < MAX_PAGES) {
    const path = queue.shift()!
    if (seen.has(path)) continue
    seen.add(path)
    const u = new URL(path, server.url)
    const shape = u.pathname.replace(/\d+/g, 'N') + '?' + [...u.searchParams.keys()].sort().join('&')
    if ((shapes.get(shape) ?? 0) >= PER_SHAPE) continue
    shapes.set(shape, (shapes.get(shape) ?? 0) + 1)
    visited++
    const html = await get(path)
    for (const f of formsOf(html, path)) {
      if (f.action.startsWith('/user/logout')) continue
      forms.set(
        `${f.action.replace(/\d+/g, 'N').split('?')[0]}|${f.fields.map(([k, v]) => (k === 'intent' ? `${k}=${v}` : k)).join(',')}|${visited % 3}`,
        f,
      )
    }
    for (const m of html.matchAll(/href="(\/(?:ways|pois|campaign)[^"#]*)/g)) {
      const link = decode(m[1]!)
      if (!seen.has(link)) queue.push(link)
    }
  }
  return [...forms.values()]
}

const NASTY = [
  '',
  ' ',
  '0',
  '-1',
  '1e9',
  '2147483648',
  '99999999999999999999',
  'NaN',
  'null',
  'true',
  '1.5',
  '٣',
  'x'.repeat(5000),
  '\u0000',
  'a\u0000b',
  '\uFEFF',
  '🚲',
  '<script>alert(1)</script>',
  "' or 1=1 --",
  '../../etc',
  '2026-02-30',
  '2026-13-01',
  '9999-12-31',
  '24',
  '60',
  '-5',
  'WALK',
  'SPACESHIP',
  '__proto__',
  'https://evil.example/',
  '//evil.example',
  'campaign',
  'trip:1',
  'leg:1',
]

describe('fuzzing the HTML actions', () => {
  test(`${POSTS} random form posts to every form found: no server error`, async () => {
    const forms = await crawl()
    expect(forms.length).toBeGreaterThan(5)
    if (process.env.FORM_FUZZ_DEBUG)
      for (const f of forms) console.log('FORM', f.action, JSON.stringify(f.fields).slice(0, 200))
    const intents = [...new Set(forms.flatMap((f) => f.fields.filter(([k]) => k === 'intent').map(([, v]) => v)))]
    const fieldArb = (k: string, v: string) =>
      fc.oneof(
        { weight: 5, arbitrary: fc.constant<[string, string][]>([[k, v]]) },
        { weight: 1, arbitrary: fc.constant<[string, string][]>([]) },
        { weight: 3, arbitrary: fc.constantFrom(...NASTY, ...intents).map((x): [string, string][] => [[k, x]]) },
        { weight: 1, arbitrary: fc.string({ maxLength: 20 }).map((x): [string, string][] => [[k, x]]) },
        {
          weight: 1,
          arbitrary: fc
            .array(fc.constantFrom(...NASTY), { minLength: 2, maxLength: 3 })
            .map((xs) => xs.map((x): [string, string] => [k, x])),
        },
      )
    const postArb = fc
      .constantFrom(...forms)
      .chain((f) =>
        fc
          .tuple(
            fc.tuple(...f.fields.map(([k, v]) => fieldArb(k, v))),
            fc.array(
              fc.tuple(
                fc.constantFrom(
                  'intent',
                  'id',
                  'legId',
                  'tripId',
                  'version',
                  'returnTo',
                  'purposes',
                  'tfcModes',
                  'extra',
                ),
                fc.constantFrom(...NASTY, ...intents),
              ),
              { maxLength: 2 },
            ),
          )
          .map(([kept, extra]) => ({ action: f.action, body: [...kept.flat(), ...extra] as [string, string][] })),
      )
    const statuses = new Map<number, number>()
    await fc.assert(
      fc.asyncProperty(postArb, async ({ action, body }) => {
        const res = await fetch(server.url + action, {
          method: 'POST',
          redirect: 'manual',
          headers: {
            'Content-Type': 'application/x-www-form-urlencoded',
            Origin: server.url,
            Cookie: cookie,
            'X-Forwarded-For': FUZZ_CLIENT,
          },
          body: new URLSearchParams(body),
        })
        await res.arrayBuffer()
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1)
        expect(res.status, `${action} ${new URLSearchParams(body).toString().slice(0, 400)}`).toBeLessThan(500)
      }),
      { numRuns: POSTS, endOnFailure: true },
    )
    console.log(
      `forms fuzz: ${forms.length} forms, ${intents.length} intents, statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
    )
    expect(server.stderr()).not.toMatch(/"level":"error"/)
  }, 600_000)

  test('afterwards the server is ready, the fuzzed account still works and participants can log in', async () => {
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200)
    // The fuzzed participant's session and data are intact.
    const list = await fetch(`${server.url}/ways/list/all/page/1`, { headers: { Cookie: cookie }, redirect: 'manual' })
    expect(list.status).toBe(200)
    expect(await list.text()).toContain('tripDetails/')
    // Its password logs in, unless the fuzz's wrong current passwords (update password, delete account) reached the
    // account's limit of failed logins: then the login is refused with the throttle's message, as the product must.
    const res = await fetch(`${server.url}/user/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.url },
      body: new URLSearchParams({ idStr: 'demo@example.org', password: 'demo1234' }),
    })
    if (res.status === 429) expect(await res.text()).toContain('Zu viele Versuche')
    else {
      expect(res.status).toBe(302)
      expect(res.headers.getSetCookie().some((c) => c.startsWith('td_session='))).toBe(true)
    }
    // An account the fuzz did not touch logs in as always.
    await formLogin(server.url, 'other@example.org', 'other1234')
  })
})
