// The layers of app/ point one way (docs/decisions/190-layers-and-lint.md), and ESLint says so: a file importing from
// a layer above its own fails `eslint .`. These snippets are linted as if they stood at the given path, so the rule
// cannot be switched off or lose its way to the files without a test failing.
import path from 'node:path'
import { ESLint } from 'eslint'
import { beforeAll, describe, expect, test } from 'vitest'

const root = path.resolve(import.meta.dirname, '..')
const RULE = 'import-x/no-restricted-paths'
let eslint: ESLint

beforeAll(() => {
  eslint = new ESLint({ cwd: root })
})

async function layerErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) })
  return result!.messages.filter((m) => m.ruleId === RULE || m.fatal).map((m) => m.message)
}

/** A module that imports `names` from `from` and uses them. */
const importing = (from: string, ...names: string[]) =>
  `import { ${names.join(', ')} } from '${from}'\nexport const used = [${names.join(', ')}]\n`

describe('a file imports only from its own layer and the ones below', () => {
  test.each([
    ['app/domain/x.ts', '~/services/trip.server', 'tripService'],
    ['app/domain/x.ts', '~/infra/log.server', 'log'],
    ['app/infra/x.ts', '~/db/schema', 'users'],
    ['app/db/x.ts', '~/services/import.server', 'createUser'],
    ['app/services/x.ts', '~/lib/guards.server', 'requireUser'],
    ['app/services/x.ts', '../components/icons/modes', 'modeColor'],
    ['app/lib/x.ts', '~/root', 'useRootData'],
    ['app/routes/x.tsx', '~/db/schema', 'users'],
    ['app/components/x.tsx', '~/db/schema', 'users'],
  ])('%s may not import %s', async (file, from, name) => {
    const errors = await layerErrors(file, importing(from, name))
    expect(errors).toHaveLength(1)
    expect(errors[0]).toMatch(/docs\/decisions\/190-layers-and-lint\.md/)
  })

  test.each([
    ['app/services/x.ts', '~/infra/log.server', 'log'],
    ['app/services/x.ts', '~/db/schema', 'users'],
    ['app/services/x.ts', '~/domain/trafficModes', 'isTrafficMode'],
    ['app/db/x.ts', '~/infra/log.server', 'log'],
    ['app/lib/x.ts', '~/services/trip.server', 'tripService'],
    ['app/routes/x.tsx', '~/services/trip.server', 'tripService'],
    ['app/routes/x.tsx', '~/lib/context.server', 'req'],
  ])('%s may import %s', async (file, from, name) => {
    expect(await layerErrors(file, importing(from, name))).toEqual([])
  })
})
