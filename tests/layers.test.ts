// The layers of app/ point one way (docs/decisions/190-layers-and-lint.md), and ESLint says so: a file importing from
// a layer above its own fails `eslint .`. Two more walls (docs/decisions/290-services-speak-no-http.md): a service
// takes typed input only (no React Router, no conform, no form, request or query string), and app/lib reaches the
// database only through a service. These snippets are linted as if they stood at the given path, so the rules
// cannot be switched off or lose their way to the files without a test failing.
import path from 'node:path'
import { ESLint } from 'eslint'
import { beforeAll, describe, expect, test } from 'vitest'

const root = path.resolve(import.meta.dirname, '..')
const RULE = 'import-x/no-restricted-paths'
const RULES = [RULE, 'no-restricted-imports', 'no-restricted-globals', 'no-restricted-syntax']
let eslint: ESLint

beforeAll(() => {
  eslint = new ESLint({ cwd: root })
})

async function layerErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) })
  return result!.messages.filter((m) => RULES.includes(m.ruleId ?? '') || m.fatal).map((m) => m.message)
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

describe('a domain module stays free of zod', () => {
  test('app/domain/x.ts may not import zod', async () => {
    const errors = await layerErrors('app/domain/x.ts', importing('zod', 'z'))
    expect(errors).toHaveLength(1)
    expect(errors[0]).toMatch(/\*Schema\.ts/)
  })
  test('app/domain/xSchema.ts may', async () => {
    expect(await layerErrors('app/domain/xSchema.ts', importing('zod', 'z'))).toEqual([])
  })
})

describe('a service takes typed input only', () => {
  test.each([
    ['react-router', 'redirect'],
    ['react-router', 'data'],
    ['@conform-to/zod', 'parseWithZod'],
    ['@conform-to/react', 'useForm'],
    ['~/lib/http.server', 'runOrToast'],
  ])('app/services/x.server.ts may not import %s', async (from, name) => {
    const errors = await layerErrors('app/services/x.server.ts', importing(from, name))
    expect(errors).toHaveLength(1)
    expect(errors[0]).toMatch(/docs\/decisions\/(290-services-speak-no-http|190-layers-and-lint)\.md/)
  })

  test('not even a type from conform', async () => {
    const code = `import type { SubmissionResult } from '@conform-to/react'\nexport type Reply = SubmissionResult\n`
    expect(await layerErrors('app/services/trip/x.server.ts', code)).toHaveLength(1)
  })

  test.each([
    ['a form', 'export const parse = (form: FormData) => form.get("id")'],
    ['a request', 'export const ask = (request: Request) => request.url'],
    ['a response', 'export const answer = () => new Response("ok")'],
    ['headers', 'export const h = new Headers()'],
    ['a query string', 'export const page = (search: URLSearchParams) => search.get("page")'],
  ])('app/services/x.server.ts may not take %s', async (_what, code) => {
    const errors = await layerErrors('app/services/x.server.ts', code)
    expect(errors.length).toBeGreaterThan(0)
    expect(errors[0]).toMatch(/docs\/decisions\/290-services-speak-no-http\.md/)
  })

  test.each([
    ['zod', 'z'],
    ['drizzle-orm', 'eq'],
    ['~/domain/formEntries', 'encodeFormEntries'],
  ])('app/services/x.server.ts may import %s', async (from, name) => {
    expect(await layerErrors('app/services/x.server.ts', importing(from, name))).toEqual([])
  })

  test('a service test may build a request (it stands in for the page)', async () => {
    expect(await layerErrors('app/services/x.test.ts', 'export const r = new Request("http://x/")\n')).toEqual([])
  })
})

describe('app/lib reaches the database through a service', () => {
  test.each([
    ['~/db/schema', 'users'],
    ['~/db/connect.server', 'connect'],
  ])('app/lib/x.server.ts may not import %s', async (from, name) => {
    const errors = await layerErrors('app/lib/x.server.ts', importing(from, name))
    expect(errors).toHaveLength(1)
    expect(errors[0]).toMatch(/docs\/decisions\/290-services-speak-no-http\.md/)
  })

  test('not even the handle type', async () => {
    const code = `import type { Db } from '~/db/connect.server'\nexport type Handle = Db\n`
    expect(await layerErrors('app/lib/x.server.ts', code)).toHaveLength(1)
  })

  test('its tests may set up rows', async () => {
    expect(await layerErrors('app/lib/x.test.ts', importing('~/db/schema', 'users'))).toEqual([])
  })
})
