// A comment says the rule it implements in its own words: it does not send the reader to the product's requirements
// document by section number, to the design contracts file, or to a tracker's numbered tickets. The same holds for
// test titles, which read as sentences about behaviour. Only comments and test titles are read, through TypeScript's
// own parser, so code (an import of an end-to-end test file, a variable named `inspect`) never counts.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { expect, test } from 'vitest'

const root = path.resolve(import.meta.dirname, '..')
const folders = ['app', 'tests', 'e2e', 'scripts', 'bench', 'server']
const sourceFile = /\.(ts|tsx|mjs|js)$/
// Built from pieces so that this file's own source does not hold the words it looks for.
const forbidden = new RegExp(["\\bspec(s|'s)?\\b", 'contracts\\.md', '\\bissue\\s*#?\\d+'].join('|'), 'i')
// Calls whose first argument is a test's or a group's title: `test('…')`, `it.skip('…')`, `test.describe('…')`.
const titled = new Set(['test', 'it', 'describe', 'bench'])

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(root, folder), {
    recursive: true,
    withFileTypes: true,
  })
    .filter((entry) => entry.isFile() && sourceFile.test(entry.name) && !entry.parentPath.includes('node_modules'))
    .filter((entry) => !entry.parentPath.split(path.sep).includes('+types'))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
}

function kindOf(file: string): ts.ScriptKind {
  if (file.endsWith('.tsx')) return ts.ScriptKind.TSX
  if (file.endsWith('.ts')) return ts.ScriptKind.TS
  return ts.ScriptKind.JS
}

/** Each comment and test title in a file, with the 1-based line it starts on. */
export function prose(file: string, text: string): { line: number; text: string }[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kindOf(file))
  const found = new Map<number, string>()
  const lineOf = (pos: number) => source.getLineAndCharacterOfPosition(pos).line + 1
  // Comments on lines of their own lead the next token; one after code on the same line trails the token before it.
  const commentsAround = (token: ts.Node) => {
    const ranges = [
      ...(ts.getLeadingCommentRanges(text, token.pos) ?? []),
      ...(ts.getTrailingCommentRanges(text, token.end) ?? []),
    ]
    for (const range of ranges) found.set(range.pos, text.slice(range.pos, range.end))
  }
  const titleOf = (call: ts.CallExpression) => {
    let callee: ts.Expression = call.expression
    while (ts.isPropertyAccessExpression(callee) || ts.isCallExpression(callee)) callee = callee.expression
    const title = call.arguments[0]
    if (ts.isIdentifier(callee) && titled.has(callee.text) && title && ts.isStringLiteralLike(title)) {
      found.set(title.getStart(source), title.text)
    }
  }
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) titleOf(node)
    const children = node.getChildren(source)
    // JSX text has no trivia, only words that may look like comments.
    if (children.length === 0 && node.kind !== ts.SyntaxKind.JsxText) commentsAround(node)
    children.forEach(visit)
  }
  visit(source)
  return [...found].sort(([a], [b]) => a - b).map(([pos, body]) => ({ line: lineOf(pos), text: body }))
}

test('comments and test titles state their rule instead of pointing at documents or issues', () => {
  const offenders: string[] = []
  for (const file of folders.flatMap(sourceFiles)) {
    for (const { line, text } of prose(file, readFileSync(path.join(root, file), 'utf8'))) {
      text.split('\n').forEach((part, offset) => {
        if (forbidden.test(part)) offenders.push(`${file}:${line + offset}: ${part.trim()}`)
      })
    }
  }
  expect(offenders).toEqual([])
})

test('stylesheet comments state their rule too', () => {
  const offenders: string[] = []
  const sheets = readdirSync(path.join(root, 'app/styles')).filter((name) => name.endsWith('.css'))
  for (const name of sheets) {
    const text = readFileSync(path.join(root, 'app/styles', name), 'utf8')
    for (const comment of text.matchAll(/\/\*[\s\S]*?\*\//g)) {
      const line = text.slice(0, comment.index).split('\n').length
      comment[0].split('\n').forEach((part, offset) => {
        if (forbidden.test(part)) offenders.push(`app/styles/${name}:${line + offset}: ${part.trim()}`)
      })
    }
  }
  expect(offenders).toEqual([])
})

test('the scan reads comments, JSX comments and test titles, and leaves code alone', () => {
  const code = [
    "import { a } from './a11y.spec.ts'",
    '// as spec 3 says',
    'const inspect = 1 /* see Issue #4 */',
    'const view = <p>{/* the spec wants this */}special text</p>',
    "test('follows contracts.md', () => {})",
    "const specs = 'spec 5'",
  ].join('\n')
  const hits = prose('sample.tsx', code).filter(({ text }) => forbidden.test(text))
  expect(hits.map(({ line }) => line)).toEqual([2, 3, 4, 5])
})
