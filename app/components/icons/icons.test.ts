// Every icon a page can ask for is drawn in icons.svg: a missing symbol would show as an empty box.
import fs from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'
import { UI_ICONS } from './ModeSprite'
import { TRAFFIC_MODES } from '~/domain/trafficModes'

const svg = fs.readFileSync(path.join(import.meta.dirname, 'icons.svg'), 'utf8')
const symbols = [...svg.matchAll(/<symbol id="([^"]+)"/g)].map((m) => m[1])

test.each([...TRAFFIC_MODES.map((m) => m.icon), ...UI_ICONS.map((name) => `icon-${name}`)])(
  'icons.svg has %s',
  (id) => {
    expect(symbols).toContain(id)
  },
)

test('icons.svg has no symbol twice and none that nothing draws', () => {
  expect(new Set(symbols).size).toBe(symbols.length)
  expect(symbols.length).toBe(TRAFFIC_MODES.length + UI_ICONS.length)
})
