// The route table is the one list of the app's URLs: the tree React Router reads is built from it, so a page's
// login and authorization flags are where its guard comes from. A page that needs login either sits inside the login
// layout or guards itself; one that needs authorization sits inside the authorization layout; every module exists.
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import tree, { ROUTE_TABLE, layoutsOf } from '~/routes'

const app = path.resolve(import.meta.dirname, '../app')
const source = (file: string) => fs.readFileSync(path.join(app, file), 'utf8')

describe('the route table', () => {
  test.each(ROUTE_TABLE.map((r) => [r.path || '/', r] as const))('%s: its flags are enforced', (_, row) => {
    expect(fs.existsSync(path.join(app, row.file)), row.file).toBe(true)
    const layouts = layoutsOf(row)
    if (row.login) expect(layouts.includes('auth') || /loginGuard\(/.test(source(row.file))).toBe(true)
    else expect(layouts).not.toContain('auth')
    expect(layouts.includes('authorized')).toBe(row.authorization)
  })

  test('ids and paths are unique, every page has an id', () => {
    const ids = ROUTE_TABLE.flatMap((r) => (r.id ? [r.id] : []))
    expect(new Set(ids).size).toBe(ids.length)
    expect(new Set(ROUTE_TABLE.map((r) => r.path)).size).toBe(ROUTE_TABLE.length)
    expect(ROUTE_TABLE.filter((r) => r.page && !r.id)).toEqual([])
  })

  test('the tree holds every row once', () => {
    type Entry = { file: string; children?: Entry[] }
    const files = (entries: Entry[]): string[] => entries.flatMap((e) => (e.children ? files(e.children) : [e.file]))
    expect(files(tree as Entry[]).sort()).toEqual(ROUTE_TABLE.map((r) => r.file).sort())
  })
})
