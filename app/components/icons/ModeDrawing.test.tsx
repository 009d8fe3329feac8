// A mode drawn in the page is the sprite's drawing of that mode, in the same colour and with the same text alternative.
import fs from 'node:fs'
import path from 'node:path'
import { renderToStaticMarkup } from 'react-dom/server'
import { expect, test } from 'vitest'
import { ModeDrawing } from './ModeDrawing'
import { ModeIcon } from './ModeSprite'
import { TRAFFIC_MODES } from '~/domain/trafficModes'
import { modeDrawings } from '../../../scripts/vite-mode-drawings.mjs'

const svg = fs.readFileSync(path.join(import.meta.dirname, 'icons.svg'), 'utf8')
const symbol = (id: string) => {
  const m = new RegExp(`<symbol id="${id}"([^>]*)>(.*?)</symbol>`, 's').exec(svg)
  if (!m) throw new Error(`no symbol ${id}`)
  return { attributes: m[1]!.trim(), body: m[2]! }
}
/** The markup inside the outer <svg>, and the outer element's opening tag. */
const parts = (html: string) => {
  const m = /^<svg([^>]*)>(.*)<\/svg>$/s.exec(html)
  if (!m) throw new Error(`not one svg: ${html}`)
  return { attributes: m[1]!, body: m[2]! }
}

test.each(TRAFFIC_MODES.map((m) => [m.constant, m.icon]))('%s is drawn as its symbol %s', (mode, id) => {
  const drawn = parts(renderToStaticMarkup(<ModeDrawing mode={mode} />))
  const { attributes, body } = symbol(id)
  expect(drawn.body).toBe(body)
  for (const attribute of attributes.split(/\s+(?=[a-z-]+=)/)) expect(drawn.attributes).toContain(attribute)
})

test.each([
  ['CAR', undefined],
  ['CAR', 'Auto'],
  ['NOT_A_MODE', undefined],
])('mode %s with label %s: the same class, colour, mode and text alternative as the sprite icon', (mode, label) => {
  const drawn = parts(renderToStaticMarkup(<ModeDrawing mode={mode} label={label} className="extra" />))
  const icon = parts(renderToStaticMarkup(<ModeIcon mode={mode} label={label} className="extra" />))
  expect(drawn.attributes).toContain(icon.attributes.trim())
})

test('an unknown mode is drawn as UNKNOWN', () => {
  expect(renderToStaticMarkup(<ModeDrawing mode="NOT_A_MODE" />)).toBe(
    renderToStaticMarkup(<ModeDrawing mode="UNKNOWN" />),
  )
})

test('a sprite whose mode symbols differ in their own attributes fails the build', () => {
  const sprite = (second: string) =>
    `<svg><symbol id="mode-A" viewBox="0 0 24 24"><path d="M1 1"/></symbol><symbol id="mode-B" ${second}><circle r="1"/></symbol></svg>`
  expect(modeDrawings(sprite('viewBox="0 0 24 24"')).shapes).toEqual({
    'mode-A': [['path', { d: 'M1 1' }]],
    'mode-B': [['circle', { r: '1' }]],
  })
  expect(() => modeDrawings(sprite('viewBox="0 0 16 16"'))).toThrow(/differ/)
})
