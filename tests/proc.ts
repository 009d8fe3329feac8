// Helpers for the tests that run the real server as a child process (tests/*.proc.test.ts, run by
// vitest.proc.config.ts after the build): start server/server.mjs on a free port, wait until it is ready, call the
// JSON endpoint and the pages, stop it with a signal or kill -9, and PostgreSQL databases of their own.
import { spawn, type ChildProcess } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { buildDirectory } from '../scripts/build-directory.mjs'

export const ROOT = path.resolve(import.meta.dirname, '..')

/** The build the servers run (vitest.proc.config.ts's global setup builds one when there is none). */
export function buildDir(): string {
  return buildDirectory(process.env.BUILD_DIR, ROOT)
}

export function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `td-${prefix}-`))
}

export interface ServerProcess {
  url: string
  port: number
  proc: ChildProcess
  stdout: () => string
  stderr: () => string
  /** Resolves with the exit code and signal once the process has ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
  kill(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

export interface StartOptions {
  dataDir: string
  databaseUrl?: string
  demo?: boolean
  env?: Record<string, string>
  /** How long to wait for the server to answer /readyz. */
  timeoutMs?: number
}

/** Starts `node server/server.mjs` (port 0: the OS picks a free one; read from the banner it prints). */
export async function startServer(opts: StartOptions): Promise<ServerProcess> {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? os.tmpdir(),
    NODE_ENV: 'production',
    BUILD_DIR: buildDir(),
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: opts.dataDir,
    DEMO: opts.demo ? '1' : '0',
    SESSION_SECRET: 'proc-test-secret',
    MAP_TILE_URL: '',
    LOG_LEVEL: 'warn',
    ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}),
    ...opts.env,
  }
  const proc = spawn(process.execPath, [path.join(ROOT, 'server/server.mjs')], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  let err = ''
  proc.stdout!.on('data', (d) => (out += d))
  proc.stderr!.on('data', (d) => (err += d))
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    proc.on('exit', (code, signal) => resolve({ code, signal })),
  )
  const deadline = Date.now() + (opts.timeoutMs ?? 120_000)
  let port = 0
  let ended = false
  void exited.then(() => (ended = true))
  while (!port) {
    if (ended) throw new Error(`server exited before listening:\n${out}\n${err}`)
    if (Date.now() > deadline) {
      proc.kill('SIGKILL')
      throw new Error(`server did not start in time:\n${out}\n${err}`)
    }
    const m = /running at http:\/\/localhost:(\d+)/.exec(out)
    if (m) port = Number(m[1])
    else await sleep(50)
  }
  // The address it listens on; every interface is reached over loopback.
  const host = env.HOST === '0.0.0.0' ? '127.0.0.1' : env.HOST
  const url = `http://${host}:${port}`
  while (
    !(await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (ended || Date.now() > deadline) throw new Error(`server not ready:\n${out}\n${err}`)
    await sleep(100)
  }
  return {
    url,
    port,
    proc,
    stdout: () => out,
    stderr: () => err,
    exited,
    async kill(signal: NodeJS.Signals = 'SIGTERM') {
      if (!ended) proc.kill(signal)
      return exited
    },
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

export interface ChildResult {
  code: number | null
  stdout: string
  stderr: string
}

/**
 * Runs `node <args>` in the repository as a child and collects its output. The child gets this process's
 * environment with `env` laid over it, without DATABASE_URL (it opens its own embedded database) and without the
 * variables listed in `unset`.
 */
export function runNode(args: string[], env: Record<string, string> = {}, unset: string[] = []): Promise<ChildResult> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'error', STUDY_TIME_ZONE: 'Europe/Berlin', ...env }
  for (const name of ['DATABASE_URL', ...unset]) delete childEnv[name]
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout!.on('data', (d: Buffer) => (stdout += d.toString('utf8')))
    child.stderr!.on('data', (d: Buffer) => (stderr += d.toString('utf8')))
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, stdout, stderr }))
  })
}

// ---------------------------------------------------------------------------------------------------------------
// Talking to a server

export interface Errs {
  errs?: { constant: string; desc: string; path?: string }[]
}

export async function invoke<T = Record<string, unknown>>(
  base: string,
  serviceName: string,
  methodName: string,
  params: Record<string, unknown> = {},
  init: { headers?: Record<string, string>; signal?: AbortSignal } = {},
): Promise<{ status: number; ret: T & Errs }> {
  const res = await fetch(`${base}/functions/invoke-service-method`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...init.headers },
    body: JSON.stringify({ serviceName, methodName, environment: 'production', params }),
    signal: init.signal,
  })
  const body = (await res.json()) as { return: T & Errs }
  return { status: res.status, ret: body.return ?? ({} as T & Errs) }
}

export async function apiLogin(base: string, email: string, password: string): Promise<string> {
  const r = await invoke<{ session: string }>(base, 'user', 'login', {
    idStr: email,
    password,
    platformConstant: 'WEB',
  })
  if (!r.ret.session) throw new Error(`login ${email} failed: ${JSON.stringify(r.ret)}`)
  return r.ret.session
}

/** Logs in through the login form; returns the Cookie header value of the session. */
export async function formLogin(
  base: string,
  email: string,
  password: string,
  headers: Record<string, string> = {},
): Promise<string> {
  const res = await fetch(`${base}/user/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: base, ...headers },
    body: new URLSearchParams({ idStr: email, password }),
  })
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('td_session='))
  if (res.status !== 302 || !cookie) throw new Error(`form login ${email} failed: ${res.status}`)
  return cookie.split(';')[0]!
}

// ---------------------------------------------------------------------------------------------------------------
// PostgreSQL

export function postgresUrl(): string | null {
  if (process.env.TEST_DATABASE_URL) return process.env.TEST_DATABASE_URL
  if (process.env.TEST_DB_KIND === 'postgres') return 'postgres://postgres@127.0.0.1:5432/test'
  return null
}

export const NO_POSTGRES_REASON = 'no PostgreSQL configured (set TEST_DATABASE_URL or TEST_DB_KIND=postgres to run it)'

/** A fresh database on the PostgreSQL server of `url` (CREATE DATABASE through the given one); drop() removes it. */
export async function freshPostgresDatabase(url: string): Promise<{ url: string; drop(): Promise<void> }> {
  const { default: pg } = await import('pg')
  const name = `t_${crypto.randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(`CREATE DATABASE "${name}"`)
  await admin.end()
  const u = new URL(url)
  u.pathname = `/${name}`
  return {
    url: u.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: url })
      await c.connect()
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
      await c.end()
    },
  }
}
