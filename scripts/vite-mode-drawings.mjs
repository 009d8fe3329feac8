// `import drawings from './icons.svg?mode-drawings'` gives the sprite's mode symbols as data a component draws with
// React elements (app/components/icons/ModeDrawing.tsx): read from the sprite when the app is built, so the page
// carries only the modes' drawings, already taken apart, and not the sprite's text with the other icons to parse as
// it loads. Types: vite-mode-drawings.d.mts.
import fs from 'node:fs'

/** An SVG attribute as React names it: stroke-width is strokeWidth. */
const reactName = (/** @type {string} */ name) => name.replace(/-([a-z])/g, (_, c) => c.toUpperCase())
const attributesOf = (/** @type {string} */ text) =>
  Object.fromEntries([...text.matchAll(/([a-z][a-z-]*)="([^"]*)"/gi)].map(([, name, v]) => [reactName(name), v]))

/** The mode symbols (id `mode-…`) of a sprite; they must share their own attributes (view box, stroke), or it throws. */
export function modeDrawings(/** @type {string} */ svg) {
  const symbols = [...svg.matchAll(/<symbol id="(mode-[^"]+)"([^>]*)>([\s\S]*?)<\/symbol>/g)]
  const shared = new Set(symbols.map(([, , attributes]) => attributes.trim()))
  if (shared.size !== 1) throw new Error(`the mode symbols' own attributes differ: ${[...shared].join(' | ')}`)
  return {
    attributes: attributesOf([...shared][0]),
    shapes: Object.fromEntries(
      symbols.map(([, id, , body]) => [
        id,
        [...body.matchAll(/<([a-z]+)\s([^>]*?)\/?>/g)].map(([, tag, shape]) => [tag, attributesOf(shape)]),
      ]),
    ),
  }
}

export function modeDrawingsPlugin() {
  return {
    name: 'mode-drawings',
    enforce: 'pre',
    load(/** @type {string} */ id) {
      const [file, query] = id.split('?')
      if (query !== 'mode-drawings' || !file) return null
      this.addWatchFile(file)
      return `export default ${JSON.stringify(modeDrawings(fs.readFileSync(file, 'utf8')))}`
    },
  }
}
