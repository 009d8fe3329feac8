// Above the service layer a name is the plain one: the companion app's abbreviations (docs/glossary.md's table:
// `trps`, `totalNo`, `geom`, …) stay in the HTTP API's adapter, the services' params and DTOs, and the mapping in
// app/lib that gives a service's answer its plain names. Route modules, components and locale keys never spell one
// again. Only identifiers are read (through TypeScript's parser): a form field name posted as a string
// (`name="tfcModes"`) or a URL (`/pois`) is an outside name and stays; where a form's fields are read by their name
// as code, the allow-list below names the file and the field.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { expect, test } from 'vitest'

const root = path.resolve(import.meta.dirname, '..')

/** The abbreviations: the backticked names of the glossary table's first column (not the ones in parentheses). */
function glossaryNames(): Set<string> {
  const names = new Set<string>()
  const table = readFileSync(path.join(root, 'docs/glossary.md'), 'utf8').split('## The abbreviations')[1] ?? ''
  for (const line of table.split('\n')) {
    const first = line.split('|')[1]
    if (!first) continue
    for (const m of first.replace(/\([^)]*\)/g, '').matchAll(/`([A-Za-z]+)`/g)) names.add(m[1]!)
  }
  return names
}

/** Form field names that are an outside interface, read as code where the form is handled. */
const ALLOWED: Record<string, string[]> = {
  // The login form's field (other clients post it too); conform names its field object after it.
  'app/routes/user.login.tsx': ['idStr'],
  // The manual way's form values carry the posted field names (the hidden inputs and checkboxes post them).
  'app/components/ways/ManualWayForm.tsx': ['tfcModes'],
  'app/components/ways/WayPickers.tsx': ['tfcModes'],
  // A place question's posted field `o<id>-poi` (a saved place chosen), named by the question types' field builder.
  'app/components/questionnaire/types/LocatorField.tsx': ['poi'],
  // The choice rule (domain/questionValidity) reads a stored option's own field; the view hands its options over in
  // that shape, typed as the rule's, so a wrong key fails to compile.
  'app/components/questionnaire/types/parts.tsx': ['exclOpt'],
}

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(root, folder), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name))
    .filter((e) => !e.parentPath.split(path.sep).includes('+types'))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
}

/** An HTML or SVG element's tag (`<desc>`): not a name of ours. */
const isTag = (node: ts.Identifier) =>
  (ts.isJsxOpeningElement(node.parent) ||
    ts.isJsxClosingElement(node.parent) ||
    ts.isJsxSelfClosingElement(node.parent)) &&
  node.parent.tagName === node

/** Every identifier of the file that is an abbreviation, as `file:line name`. */
function abbreviationsIn(file: string, names: Set<string>): string[] {
  const text = readFileSync(path.join(root, file), 'utf8')
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? 4 : 3)
  const allowed = new Set(ALLOWED[file] ?? [])
  const found: string[] = []
  const visit = (node: ts.Node) => {
    if (ts.isIdentifier(node) && names.has(node.text) && !allowed.has(node.text) && !isTag(node)) {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart())
      found.push(`${file}:${line + 1} ${node.text}`)
    }
    ts.forEachChild(node, visit)
  }
  ts.forEachChild(source, visit)
  return found
}

test('route modules and components read plain names', () => {
  const names = glossaryNames()
  expect(names.has('trps') && names.has('totalNo') && names.has('geom')).toBe(true)
  const found = [...sourceFiles('app/routes'), ...sourceFiles('app/components')].flatMap((f) =>
    abbreviationsIn(f, names),
  )
  expect(found).toEqual([])
})

test('locale keys are plain names, with no numbered keys', () => {
  const names = glossaryNames()
  const bad: string[] = []
  const walk = (file: string, value: unknown, at: string[]) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return
    for (const [key, inner] of Object.entries(value)) {
      if (names.has(key) || /[a-z]\d+$/i.test(key)) bad.push(`${file}: ${[...at, key].join('.')}`)
      walk(file, inner, [...at, key])
    }
  }
  for (const lang of readdirSync(path.join(root, 'locales')))
    for (const file of readdirSync(path.join(root, 'locales', lang)).filter((f) => f.endsWith('.json')))
      walk(`${lang}/${file}`, JSON.parse(readFileSync(path.join(root, 'locales', lang, file), 'utf8')), [])
  expect(bad).toEqual([])
})
