// package.json lists exactly what the code uses, and the code exports only what another file uses: knip (configured
// in knip.jsonc) finds a dependency nothing imports, an import of a package package.json does not list, an unlisted
// program a script runs, an import that does not resolve, and an export or exported type no other file imports. Any
// of them fails this test, and with it `npm test`.
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { expect, test } from 'vitest'

const root = path.resolve(import.meta.dirname, '..')

test('every dependency is used, every used package is a dependency, every export is imported (knip)', () => {
  // Route modules import their generated `./+types/…` files, which a fresh clone does not have yet: knip would
  // report them as unresolved imports. React Router writes them first, as `react-router build` does.
  const typegen = spawnSync(path.join(root, 'node_modules/.bin/react-router'), ['typegen'], {
    cwd: root,
    encoding: 'utf8',
  })
  expect(typegen.status, typegen.stderr).toBe(0)
  const knip = spawnSync(
    path.join(root, 'node_modules/.bin/knip'),
    ['--dependencies', '--include', 'exports,types', '--no-progress', '--no-config-hints'],
    {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    },
  )
  expect(knip.error).toBeUndefined()
  // knip's report names each finding and where it is; empty when all is well.
  expect(`${knip.stdout}${knip.stderr}`.trim()).toBe('')
  expect(knip.status).toBe(0)
}, 180_000)
