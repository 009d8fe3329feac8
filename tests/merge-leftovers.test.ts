// No file holds what a merge leaves when two sides changed the same lines: its markers, or the markers after a
// formatter has rewritten them (as a table row, or as nested quotes in Markdown).
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'

const root = path.resolve(import.meta.dirname, '..')
const marker = /^(\|\s*)?(<{7}|>{7}|={7})(\s|$)|^(>\s){7}/

test('no tracked text file holds a merge conflict marker', () => {
  const files = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((file) => /\.(ts|tsx|mjs|js|json|md|css|yml|yaml|sql)$/.test(file))
  const found: string[] = []
  for (const file of files) {
    const lines = readFileSync(path.join(root, file), 'utf8').split('\n')
    lines.forEach((line, i) => {
      if (marker.test(line)) found.push(`${file}:${i + 1}: ${line.slice(0, 40)}`)
    })
  }
  expect(found).toEqual([])
})
