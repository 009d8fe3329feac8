// Structured logs with request ids and no personal data (no e-mail, no coordinates, no tokens).
import { Writable } from 'node:stream'
import { describe, expect, test } from 'vitest'
import { createLogger, makeLog, REDACT_KEYS, scrub, withRequestId } from './log.server'

function capture() {
  const lines: Record<string, unknown>[] = []
  const raw: string[] = []
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const l of String(chunk).split('\n').filter(Boolean)) {
        raw.push(l)
        lines.push(JSON.parse(l))
      }
      done()
    },
  })
  return { lines, raw, log: makeLog(createLogger(stream, 'debug')) }
}

const TOKEN = 'Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0Z2FycGx5'
const PAYLOAD = {
  msg: 'something happened',
  email: 'anna.mueller@example.org',
  idStr: 'Anna.Mueller@Example.org',
  password: 'hunter22',
  session: TOKEN,
  params: { session: TOKEN, pers: { idStr: 'x@y.de', firstName: 'Anna' }, pwd: 'pw' },
  headers: { cookie: `td_session=${TOKEN}`, Authorization: `Bearer ${TOKEN}` },
  poi: { name: 'Zuhause', lat: 52.5291, lon: 13.3738 },
  leg: { geom: [{ lat: 52.5291, lon: 13.3738 }] },
  error: `Error: a user with the e-mail someone@example.com already exists at 52.52012, 13.40495`,
  link: `http://localhost:3000/user/verify-email?email=someone%40example.com&verstr=${TOKEN}`,
  resps: [{ answOptId: 1, text: 'my street 5' }],
  dbError:
    'Error: Failed query: insert into "pois" (…) values ($1, $2)\nparams: 1,Oma Erna,52.5,13.4\n    at run (poi.server.ts:76:21)',
  count: 3,
  path: '/ways/tripDetails/12',
}

describe('log', () => {
  test('redacts e-mail addresses, passwords, tokens, sessions, cookies and coordinates anywhere in a line', () => {
    const { raw, lines, log } = capture()
    log.error(PAYLOAD)
    expect(lines).toHaveLength(1)
    const line = raw[0]!
    for (const secret of [
      'anna.mueller',
      'Anna.Mueller',
      'someone',
      'x@y.de',
      'hunter22',
      TOKEN,
      '52.529',
      '13.373',
      '52.520',
      '13.404',
      'my street',
      '"pw"',
      'Anna"',
      'Oma Erna',
      '52.5,13.4',
    ]) {
      expect(line, secret).not.toContain(secret)
    }
    // What is not personal stays readable.
    expect(lines[0]).toMatchObject({
      level: 'error',
      msg: 'something happened',
      count: 3,
      path: '/ways/tripDetails/12',
      email: '[redacted]',
    })
    expect(String(lines[0]!.error)).toContain('already exists')
    expect(String(lines[0]!.dbError)).toContain('Failed query: insert into "pois"')
    expect(String(lines[0]!.link)).toContain('/user/verify-email?email=[redacted]&verstr=[redacted]')
  })

  test('every key of the redaction list is redacted, at any depth', () => {
    for (const key of REDACT_KEYS) {
      const out = scrub({ a: { b: { [key]: 'value-of-' + key } } }) as { a: { b: Record<string, unknown> } }
      expect(out.a.b[key], key).toBe('[redacted]')
    }
    expect(scrub({ Set_Cookie: 'x', 'e-mail': 'y', EmailAddr: 'z' })).toEqual({
      Set_Cookie: '[redacted]',
      'e-mail': '[redacted]',
      EmailAddr: '[redacted]',
    })
  })

  test('lines carry the request id of the request they belong to, also after an await', async () => {
    const { lines, log } = capture()
    await withRequestId('req-1', async () => {
      log.info({ msg: 'before' })
      await new Promise((r) => setTimeout(r, 5))
      log.info({ msg: 'after' })
    })
    log.info({ msg: 'outside' })
    expect(lines.map((l) => [l.msg, l.requestId])).toEqual([
      ['before', 'req-1'],
      ['after', 'req-1'],
      ['outside', undefined],
    ])
    expect(lines[0]).toMatchObject({ level: 'info', pid: process.pid })
    expect(typeof lines[0]!.time).toBe('string')
  })

  test('levels: below the threshold nothing is written; setLevel changes it', () => {
    const { lines, log } = capture()
    log.setLevel('warn')
    log.info({ msg: 'hidden' })
    log.warn({ msg: 'shown' })
    log.setLevel('silent')
    log.error({ msg: 'hidden too' })
    expect(lines.map((l) => l.msg)).toEqual(['shown'])
  })
})
