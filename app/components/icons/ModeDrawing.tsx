// A mode icon drawn with elements of its own, for a dialog that shows every mode at once. ModeIcon draws a symbol of
// the sprite file through <use>: cheap for the page's few icons, but each one that appears makes the browser look the
// file up and build a copy of the symbol's drawing in a tree of its own, and a dialog of twelve modes spent about a
// tenth of its opening on that on a slowed phone. These are the same drawings, taken from the sprite file when the app
// is built (so there is one drawing per mode), as plain SVG elements. They weigh on the JavaScript of the pages that
// use them (about 2 KB), which is why the page's other icons stay with the sprite.
import { createElement } from 'react'
import { modeIconProps, type ModeProps } from './ModeSprite'
import { modeIconId } from './modes'
import sprite from './icons.svg?raw'

type Shape = { tag: string; attributes: Record<string, string> }
type Drawing = { attributes: Record<string, string>; shapes: Shape[] }

/** An SVG attribute as React names it: stroke-width is strokeWidth. */
const reactName = (name: string) => name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())
const attributesOf = (text: string) =>
  Object.fromEntries([...text.matchAll(/([a-z][a-z-]*)="([^"]*)"/gi)].map(([, name, v]) => [reactName(name!), v!]))

/** Each mode's symbol in the sprite (by symbol id): its own attributes (the view box, the stroke) and its shapes. */
function modeDrawings(svg: string): Map<string, Drawing> {
  const symbols = svg.matchAll(/<symbol id="(mode-[^"]+)"([^>]*)>([\s\S]*?)<\/symbol>/g)
  return new Map(
    [...symbols].map(([, id, attributes, body]) => [
      id!,
      {
        attributes: attributesOf(attributes!),
        shapes: [...body!.matchAll(/<([a-z]+)\s([^>]*?)\/?>/g)].map(([, tag, shape]) => ({
          tag: tag!,
          attributes: attributesOf(shape!),
        })),
      },
    ]),
  )
}

const DRAWINGS = modeDrawings(sprite)

/** As ModeIcon, with the drawing in the page. */
export function ModeDrawing(props: ModeProps) {
  const drawing = DRAWINGS.get(modeIconId(props.mode))
  return (
    <svg {...drawing?.attributes} {...modeIconProps(props)}>
      {drawing?.shapes.map((shape, i) => createElement(shape.tag, { key: i, ...shape.attributes }))}
    </svg>
  )
}
