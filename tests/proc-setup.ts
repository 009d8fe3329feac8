// Global setup of vitest.proc.config.ts: the server processes need a build. Use BUILD_DIR when it holds one, else
// build/ (scripts/test.mjs builds it just before), else build into build-test-<pid> and remove that afterwards.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { buildDirectory } from '../scripts/build-directory.mjs'

const ROOT = path.resolve(import.meta.dirname, '..')
const hasBuild = (dir: string) => fs.existsSync(path.join(dir, 'server/index.js'))

export default function setup() {
  const wanted = buildDirectory(process.env.BUILD_DIR, ROOT)
  if (hasBuild(wanted)) {
    process.env.BUILD_DIR = wanted
    return
  }
  const own = !process.env.BUILD_DIR
  const dir = own ? path.join(ROOT, `build-test-${process.pid}`) : wanted
  console.log(`building into ${path.relative(ROOT, dir)} for the server-process tests …`)
  const r = spawnSync(path.join(ROOT, 'node_modules/.bin/react-router'), ['build'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, BUILD_DIR: dir },
  })
  if (r.status !== 0) throw new Error('build failed')
  process.env.BUILD_DIR = dir
  return () => {
    if (own) fs.rmSync(dir, { recursive: true, force: true })
  }
}
