// Build (when needed) and run the production server for the benchmarks; every process started here is tracked and
// stopped on exit.
import fs from 'node:fs'
import path from 'node:path'
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { request } from './load'
import { reactRouterCli } from '../scripts/react-router-cli.mjs'
import { buildDirectory } from '../scripts/build-directory.mjs'

export const ROOT = path.resolve(import.meta.dirname, '..')

function newest(dir: string): number {
  let t = 0
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name)
    t = Math.max(t, e.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs)
  }
  return t
}

/**
 * The build to benchmark: BUILD_DIR when given (measured as it is, never built here), else a build of its own in
 * build-bench/, rebuilt when the sources are newer than it.
 */
export function ensureBuild(log: (s: string) => void): string {
  const dir = buildDirectory(process.env.BUILD_DIR, ROOT, 'build-bench')
  const built = path.join(dir, 'server/index.js')
  // A given build is measured as it is: building this checkout's sources into it would replace the build to compare
  // (a build of another commit, say) without a word.
  if (process.env.BUILD_DIR) {
    if (!fs.existsSync(built))
      throw new Error(`BUILD_DIR=${process.env.BUILD_DIR} holds no build (${built} is missing)`)
    return dir
  }
  const stale =
    !fs.existsSync(built) ||
    ['app', 'locales', 'public'].some(
      (d) => fs.existsSync(path.join(ROOT, d)) && newest(path.join(ROOT, d)) > fs.statSync(built).mtimeMs,
    )
  if (stale) {
    log(`building into ${dir} …`)
    const r = spawnSync(process.execPath, [reactRouterCli(ROOT), 'build'], {
      cwd: ROOT,
      env: { ...process.env, BUILD_DIR: dir, NODE_ENV: 'production' },
      stdio: ['ignore', 'ignore', 'inherit'],
    })
    if (r.status !== 0) throw new Error('build failed')
  }
  return dir
}

const children = new Set<ChildProcess>()
function killAll() {
  for (const c of children) if (c.exitCode == null) c.kill('SIGTERM')
}
process.on('exit', killAll)
for (const sig of ['SIGINT', 'SIGTERM'] as const)
  process.on(sig, () => {
    killAll()
    process.exit(130)
  })

export interface RunningServer {
  url: string
  pid: number
  stop(): Promise<void>
}

export async function startServer(opts: {
  buildDir: string
  port: number
  env?: Record<string, string>
  nodeArgs?: string[]
}): Promise<RunningServer> {
  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), path.join(ROOT, 'bench/serve.mjs')], {
    cwd: ROOT,
    env: {
      // The store decides the database: DATABASE_URL only when it gives one.
      ...Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'DATABASE_URL')),
      BUILD_DIR: opts.buildDir,
      PORT: String(opts.port),
      HOST: '127.0.0.1',
      DEMO: '0',
      NODE_ENV: 'production',
      LOG_LEVEL: 'error',
      MAP_TILE_URL: `http://127.0.0.1:${opts.port}/bench-tiles/{z}/{x}/{y}.png`,
      ...opts.env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  children.add(child)
  const url = `http://127.0.0.1:${opts.port}`
  const deadline = Date.now() + 180_000
  for (;;) {
    if (child.exitCode != null) throw new Error(`server exited with ${child.exitCode}`)
    const ok = await request({ url: `${url}/readyz` }).then(
      (r) => r.status === 200,
      () => false,
    )
    if (ok) break
    if (Date.now() > deadline) throw new Error('server did not become ready')
    await new Promise((r) => setTimeout(r, 250))
  }
  return {
    url,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode != null) return resolve()
        child.once('exit', () => {
          children.delete(child)
          resolve()
        })
        child.kill('SIGTERM')
      }),
  }
}
