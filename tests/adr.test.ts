// Every architecture decision record in docs/decisions/ says when it was written and whether it still holds: a line
// `Date: YYYY-MM-DD · Status: …` under its title, where the status is Proposed, Accepted or Superseded by another
// record. Numbers are unique and match the title, and every "superseded by NNN" names a record that exists.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'

const folder = path.resolve(import.meta.dirname, '../docs/decisions')
const template = '000-template.md'
const records = readdirSync(folder)
  .filter((name) => name.endsWith('.md') && name !== template)
  .sort()
const numberOf = (name: string) => /^(\d{3})-/.exec(name)?.[1]

test('the template exists and every record is named NNN-title.md', () => {
  expect(readdirSync(folder)).toContain(template)
  expect(records.filter((name) => !numberOf(name))).toEqual([])
})

test('record numbers are unique and match the title', () => {
  const numbers = records.map(numberOf)
  expect(numbers.filter((n, i) => numbers.indexOf(n) !== i)).toEqual([])
  const mismatched = records.filter(
    (name) => !readFileSync(path.join(folder, name), 'utf8').startsWith(`# ${numberOf(name)} `),
  )
  expect(mismatched).toEqual([])
})

test.each(records)('%s has a Date and a Status, and what supersedes it exists', (name) => {
  const text = readFileSync(path.join(folder, name), 'utf8')
  const header = /^Date: (\d{4}-\d{2}-\d{2}) · Status: (.+)$/m.exec(text)
  expect(header, 'a line "Date: YYYY-MM-DD · Status: …"').not.toBeNull()
  const [, date, status] = header!
  expect(Number.isNaN(Date.parse(date!)), date).toBe(false)
  expect(status).toMatch(/^(Proposed|Accepted|Superseded by \[?\d{3}\b)/)
  const numbers = records.map(numberOf)
  for (const [, target] of status!.matchAll(/superseded by \[?(\d{3})\b/gi)) {
    expect(target).not.toBe(numberOf(name))
    expect(numbers, `superseded by ${target}`).toContain(target)
  }
})
