// A mode icon drawn with elements of its own, for a dialog that shows every mode at once. ModeIcon draws a symbol of
// the sprite file through <use>: cheap for the page's few icons, but each one that appears makes the browser look the
// file up and build a copy of the symbol's drawing in a tree of its own, and a dialog of twelve modes spent about a
// tenth of its opening on that on a slowed phone. These are the same drawings, taken from the sprite file when the app
// is built (so there is one drawing per mode), as plain SVG elements. They weigh on the JavaScript of the pages that
// use them (about 1 KB), which is why the page's other icons stay with the sprite.
import { createElement } from 'react'
import { modeIconProps, type ModeProps } from './ModeSprite'
import { modeIconId } from './modes'
import drawings from './icons.svg?mode-drawings'

/** As ModeIcon, with the drawing in the page. */
export function ModeDrawing(props: ModeProps) {
  return (
    <svg {...drawings.attributes} {...modeIconProps(props)}>
      {drawings.shapes[modeIconId(props.mode)]?.map(([tag, attributes], i) =>
        createElement(tag, { key: i, ...attributes }),
      )}
    </svg>
  )
}
