// npm start: build when the build is missing or older than the sources, then serve.
import './require-node.mjs'
import fs from 'node:fs'
import path from 'node:path'
import { spawnSync } from 'node:child_process'
import { reactRouterCli } from './react-router-cli.mjs'
import { buildDirectory } from './build-directory.mjs'

const root = path.resolve(import.meta.dirname, '..')
const built = path.join(buildDirectory(process.env.BUILD_DIR, root), 'server/index.js')

function newest(dir) {
  let t = 0
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name)
    t = Math.max(t, e.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs)
  }
  return t
}

const sourcesChanged = () => {
  if (!fs.existsSync(built)) return true
  const b = fs.statSync(built).mtimeMs
  return ['app', 'locales', 'public'].some((d) => fs.existsSync(path.join(root, d)) && newest(path.join(root, d)) > b)
}

if (sourcesChanged()) {
  console.log('Building the app …')
  const r = spawnSync(process.execPath, [reactRouterCli(root), 'build'], {
    cwd: root,
    stdio: 'inherit',
  })
  if (r.status !== 0) process.exit(r.status ?? 1)
}
process.env.NODE_ENV ??= 'production'
const { startServer } = await import('../server/server.mjs')
await startServer()
