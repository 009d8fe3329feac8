// The admin channel and the files under DATA_DIR, against the built server and the real CLI (child processes):
// the CLI talks to the address the server listens on and sends nothing to a process that cannot prove it knows the
// hand-off token; an answer the server did not sign is not used; /admin/cli refuses a caller that is not on loopback
// (by the socket's address, whatever X-Forwarded-For says); every file under an operator-made 0755 DATA_DIR, every
// mail and every status list with identities is private, and the start warns loudly; the hand-off advice never asks
// to delete the hand-off file of a running server, and the CLI never opens the database while a server holds it.
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { invoke, runNode, sleep, startServer, tempDir, type ChildResult, type ServerProcess } from './proc'

function admin(dataDir: string, args: string[]): Promise<ChildResult> {
  return runNode(['--import', 'tsx', 'app/cli/admin.ts', ...args], { DATA_DIR: dataDir }, ['SMTP_URL'])
}

interface Heard {
  headers: http.IncomingHttpHeaders
  body: string
}

/** An HTTP listener that records what it hears and answers with `answer` (by default a 200 with a made-up proof). */
function listener(
  host: string,
  port: number,
  answer: (heard: Heard, res: http.ServerResponse) => void | Promise<void> = (_, res) =>
    void res
      .writeHead(200, { 'Content-Type': 'application/json' })
      .end(JSON.stringify({ ok: true, proof: 'x'.repeat(43), challenge: 'y'.repeat(32) })),
): Promise<{ heard: Heard[]; port: number; close(): Promise<void> }> {
  const heard: Heard[] = []
  const server = http.createServer((req, res) => {
    let body = ''
    req.on('data', (d: Buffer) => (body += d.toString('utf8')))
    req.on('end', () => {
      const h = { headers: req.headers, body }
      heard.push(h)
      void answer(h, res)
    })
  })
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () =>
      resolve({
        heard,
        port: (server.address() as { port: number }).port,
        close: () => new Promise<void>((r) => server.close(() => r())),
      }),
    )
  })
}

/** Every file and directory below dir whose mode lets anyone but the owner in. */
function readableByOthers(dir: string): string[] {
  const open: string[] = []
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name)
    if (fs.lstatSync(p).mode & 0o077)
      open.push(`${path.relative(dir, p)} ${(fs.lstatSync(p).mode & 0o777).toString(8)}`)
    if (e.isDirectory()) open.push(...readableByOthers(p).map((q) => `${e.name}/${q}`))
  }
  return open
}

const mode = (file: string) => (fs.statSync(file).mode & 0o777).toString(8)

let dir: string
let dataDir: string
let server: ServerProcess
let serverJson: string

beforeAll(async () => {
  dir = tempDir('admin-channel')
  dataDir = path.join(dir, 'data')
  // As an operator might: a data directory everyone may read, with an old readable mail in it.
  fs.mkdirSync(path.join(dataDir, 'outbox'), { recursive: true, mode: 0o755 })
  fs.chmodSync(dataDir, 0o755)
  fs.chmodSync(path.join(dataDir, 'outbox'), 0o755)
  fs.writeFileSync(path.join(dataDir, 'outbox', 'old.eml'), 'To: someone@example.org\n', { mode: 0o644 })
  // Not on 127.0.0.1: another local user may listen there on the same port.
  server = await startServer({ dataDir, demo: true, env: { HOST: '127.0.0.2', LOG_LEVEL: 'warn' } })
  serverJson = path.join(dataDir, 'server.json')
})
afterAll(async () => {
  await server?.kill('SIGTERM')
  fs.rmSync(dir, { recursive: true, force: true })
})

describe('the admin channel', () => {
  test('the hand-off file names the address the server listens on', () => {
    expect(JSON.parse(fs.readFileSync(serverJson, 'utf8'))).toMatchObject({ host: '127.0.0.2', port: server.port })
  })

  test('another listener on 127.0.0.1 at the same port never hears from the CLI', async () => {
    const other = await listener('127.0.0.1', server.port)
    try {
      const r = await admin(dataDir, ['user:create', '--email', 'new1@example.org', '--password', 'Plain-secret-1'])
      expect(r.stderr).not.toMatch(/error/)
      expect(r.code).toBe(0)
      expect(other.heard).toEqual([])
    } finally {
      await other.close()
    }
  })

  test('a hand-off file pointing at another process: neither the token nor the command leaves the CLI', async () => {
    const real = fs.readFileSync(serverJson, 'utf8')
    const { token } = JSON.parse(real) as { token: string }
    const other = await listener('127.0.0.1', 0)
    try {
      fs.writeFileSync(serverJson, JSON.stringify({ ...JSON.parse(real), host: '127.0.0.1', port: other.port }))
      const r = await admin(dataDir, ['user:create', '--email', 'new2@example.org', '--password', 'Plain-secret-2'])
      expect(r.code).toBe(1)
      expect(r.stderr).toMatch(/is not the server that wrote .*server\.json; nothing was sent to it/)
      expect(other.heard).toHaveLength(1)
      const everything = JSON.stringify(other.heard)
      expect(everything).not.toContain(token)
      expect(everything).not.toContain('Plain-secret-2')
      expect(everything).not.toContain('new2@example.org')
      expect(other.heard[0]!.headers.authorization).toBeUndefined()
    } finally {
      fs.writeFileSync(serverJson, real, { mode: 0o600 })
      await other.close()
    }
  })

  test('an answer the server did not sign is not used', async () => {
    const real = fs.readFileSync(serverJson, 'utf8')
    // Passes the greeting on to the real server (so the CLI's first check passes), then forges the command's answer.
    const relay = await listener('127.0.0.1', 0, async (heard, res) => {
      if (heard.headers.authorization) {
        res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ ok: true, output: ['forged'] }))
        return
      }
      const answer = await fetch(`${server.url}/admin/cli`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: server.url },
        body: heard.body,
      })
      res.writeHead(answer.status, { 'Content-Type': 'application/json' }).end(await answer.text())
    })
    try {
      fs.writeFileSync(serverJson, JSON.stringify({ ...JSON.parse(real), host: '127.0.0.1', port: relay.port }))
      const r = await admin(dataDir, ['campaign:export', '--campaign', '1'])
      expect(r.code).toBe(1)
      expect(r.stdout).not.toContain('forged')
      expect(r.stderr).toMatch(/is not signed by the server that wrote/)
    } finally {
      fs.writeFileSync(serverJson, real, { mode: 0o600 })
      await relay.close()
    }
  })

  test('a streamed answer (progress lines, then the answer) counts only with its proof', async () => {
    const real = fs.readFileSync(serverJson, 'utf8')
    // Passes everything on to the real server, then swaps the answer in its last line, keeping the proof.
    const relay = await listener('127.0.0.1', 0, async (heard, res) => {
      const headers: Record<string, string> = { 'Content-Type': 'application/json', Origin: server.url }
      for (const name of ['authorization', 'accept'] as const) {
        const value = heard.headers[name]
        if (typeof value === 'string') headers[name] = value
      }
      const answer = await fetch(`${server.url}/admin/cli`, { method: 'POST', headers, body: heard.body })
      const text = await answer.text()
      if (!heard.headers.authorization) {
        res.writeHead(answer.status, { 'Content-Type': 'application/json' }).end(text)
        return
      }
      expect(answer.headers.get('content-type')).toMatch(/^application\/x-ndjson/)
      const last = JSON.parse(text.trim().split('\n').at(-1)!) as { answer: string; proof: string }
      const forged = { ...last, answer: JSON.stringify({ ok: true, output: ['forged'] }) }
      res.writeHead(200, { 'Content-Type': 'application/x-ndjson' }).end(`${JSON.stringify(forged)}\n`)
    })
    try {
      fs.writeFileSync(serverJson, JSON.stringify({ ...JSON.parse(real), host: '127.0.0.1', port: relay.port }))
      const r = await admin(dataDir, ['campaign:export', '--campaign', '1'])
      expect(r.code).toBe(1)
      expect(r.stdout).not.toContain('forged')
      expect(r.stderr).toMatch(/is not signed by the server that wrote/)
    } finally {
      fs.writeFileSync(serverJson, real, { mode: 0o600 })
      await relay.close()
    }
  })

  test('without a valid proof for an open challenge the channel answers 401', async () => {
    const post = (headers: Record<string, string>, body: unknown) =>
      fetch(`${server.url}/admin/cli`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: server.url, ...headers },
        body: JSON.stringify(body),
      })
    const { token } = JSON.parse(fs.readFileSync(serverJson, 'utf8')) as { token: string }
    const command = { command: 'campaign:export', args: { campaign: 1 } }
    // The old way, the token itself as a bearer token, no longer opens it.
    expect((await post({ Authorization: `Bearer ${token}` }, command)).status).toBe(401)
    const hello = (await (await post({}, { hello: 'n'.repeat(32) })).json()) as { challenge: string }
    expect((await post({ Authorization: `TD-Admin ${hello.challenge} ${'x'.repeat(43)}` }, command)).status).toBe(401)
  })
})

describe('a caller that is not on loopback', () => {
  const external = Object.values(os.networkInterfaces())
    .flat()
    .find((a) => a && a.family === 'IPv4' && !a.internal)?.address

  test.skipIf(!external)('is refused with 403 by its socket address, whatever X-Forwarded-For says', async () => {
    const otherDir = tempDir('admin-channel-any')
    const open = await startServer({ dataDir: otherDir, env: { HOST: '0.0.0.0', TRUST_PROXY: external! } })
    try {
      const res = await fetch(`http://${external}:${open.port}/admin/cli`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Origin: `http://${external}:${open.port}`,
          'X-Forwarded-For': '127.0.0.1',
        },
        body: JSON.stringify({ hello: 'n'.repeat(32) }),
      })
      expect(res.status).toBe(403)
      // The same greeting over loopback is answered.
      const local = await fetch(`${open.url}/admin/cli`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: open.url },
        body: JSON.stringify({ hello: 'n'.repeat(32) }),
      })
      expect(local.status).toBe(200)
    } finally {
      await open.kill('SIGTERM')
      fs.rmSync(otherDir, { recursive: true, force: true })
    }
  })
})

describe('files under DATA_DIR and identity-bearing outputs are private', () => {
  test('the start warns loudly that DATA_DIR is readable by others, and makes the old mail private', () => {
    // Warnings go to stderr, one JSON log line each.
    expect(server.stderr()).toMatch(/WARNING: DATA_DIR .* can be read by other users of this machine \(mode 755\)/)
    expect(mode(path.join(dataDir, 'outbox', 'old.eml'))).toBe('600')
  })

  test('database files, WAL, mails and the hand-off file: nothing below DATA_DIR is open to others', async () => {
    // A mail into the outbox: a reset link.
    const r = await invoke(server.url, 'user', 'resetPassword', { emailAddr: 'demo@example.org' })
    expect(r.status).toBe(200)
    const mails = fs.readdirSync(path.join(dataDir, 'outbox')).filter((f) => f !== 'old.eml')
    expect(mails.length).toBeGreaterThan(0)
    expect(fs.existsSync(path.join(dataDir, 'db', 'pg_wal'))).toBe(true)
    // PGlite sets modes of its own on some files; they lie in a directory only the owner may enter.
    expect(mode(path.join(dataDir, 'db'))).toBe('700')
    expect(readableByOthers(dataDir).filter((f) => !f.startsWith('db/'))).toEqual([])
  })

  test('status --csv/--html --with-identity write 0600, also over a readable file of that name', async () => {
    const csv = path.join(dir, 'status.csv')
    const html = path.join(dir, 'status.html')
    fs.writeFileSync(csv, 'old', { mode: 0o644 })
    fs.chmodSync(csv, 0o644)
    const r = await admin(dataDir, ['status', '--campaign', '1', '--csv', csv, '--html', html, '--with-identity'])
    expect(r.code).toBe(0)
    expect(fs.readFileSync(csv, 'utf8')).toContain('demo@example.org')
    expect([mode(csv), mode(html)]).toEqual(['600', '600'])
  })
})

describe('the hand-off advice and the database lock', () => {
  test('a deeply nested file is refused before anything is sent, without advice to delete the hand-off file', async () => {
    const deep = path.join(dir, 'deep.json')
    fs.writeFileSync(deep, `{"deep":${'['.repeat(100_000)}${']'.repeat(100_000)}}`)
    const r = await admin(dataDir, ['campaign:import', '--file', deep])
    expect(r.code).toBe(1)
    expect(r.stderr).toMatch(/nests deeper than 64 levels/)
    expect(r.stderr).not.toMatch(/delete/i)
    expect(fs.existsSync(serverJson)).toBe(true)
  })

  test('with the hand-off file gone, the CLI refuses to open the database the server holds', async () => {
    const real = fs.readFileSync(serverJson, 'utf8')
    fs.rmSync(serverJson)
    try {
      const r = await admin(dataDir, ['campaign:export', '--campaign', '1'])
      expect(r.code).toBe(1)
      expect(r.stderr).toMatch(new RegExp(`a server \\(pid ${server.proc.pid}\\) holds the embedded database`))
      expect(r.stdout).toBe('')
    } finally {
      fs.writeFileSync(serverJson, real, { mode: 0o600 })
    }
  })

  test('a server that does not answer: the advice is to wait or stop it, never to delete its hand-off file', async () => {
    server.proc.kill('SIGSTOP')
    try {
      const r = await admin(dataDir, ['campaign:export', '--campaign', '1'])
      expect(r.code).toBe(1)
      expect(r.stderr).toMatch(/does not answer at 127\.0\.0\.2:\d+ \(ETIMEDOUT\); it may be starting or busy/)
      expect(r.stderr).not.toMatch(/delete/i)
    } finally {
      server.proc.kill('SIGCONT')
    }
    await sleep(200)
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
  })
})
