// A hover style applies only where a pointer can hover (`@media (hover: hover)`). On a touch screen the browser
// keeps the last tapped element "hovered": the style would stick after the tap, and applying it costs the tap's
// frame a restyle and the rule's transition (the dialog a tap opens is drawn later). Leaflet's own stylesheet is
// left as Leaflet wrote it.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'

const styles = path.resolve(import.meta.dirname, '../app/styles')

/** The selectors of the rules in `css` that use :hover outside an `@media (hover: hover)` block. */
function unguardedHover(css: string): string[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '')
  const open: string[] = []
  const found: string[] = []
  let prelude = ''
  for (const ch of text) {
    if (ch === '{') {
      const head = prelude.trim().replace(/\s+/g, ' ')
      const guarded = open.some((p) => /^@media\b.*\(\s*hover\s*:\s*hover\s*\)/.test(p))
      if (!head.startsWith('@') && head.includes(':hover') && !guarded) found.push(head)
      open.push(head)
      prelude = ''
    } else if (ch === '}') {
      open.pop()
      prelude = ''
    } else if (ch === ';') {
      prelude = ''
    } else {
      prelude += ch
    }
  }
  return found
}

describe('the check itself', () => {
  test.each([
    ['.a:hover { color: red }', ['.a:hover']],
    ['.a, .b:hover { color: red }', ['.a, .b:hover']],
    ['@media (min-width: 40rem) { .a:hover { color: red } }', ['.a:hover']],
    ['@media (hover: hover) { .a:hover { color: red } }', []],
    ['@media (hover: hover) and (pointer: fine) { .x .a:hover { color: red } }', []],
    ['/* .a:hover { } */ .a { color: red }', []],
    ['.a { color: red; } .b:focus-visible { outline: 0 }', []],
  ])('%s', (css, expected) => {
    expect(unguardedHover(css)).toEqual(expected)
  })
})

test('every hover style of the app applies only where a pointer hovers', () => {
  const found = readdirSync(styles)
    .filter((file) => file.endsWith('.css') && file !== 'leaflet.css')
    .flatMap((file) => unguardedHover(readFileSync(path.join(styles, file), 'utf8')).map((s) => `${file}: ${s}`))
  expect(found).toEqual([])
})
