import { expect, test } from 'vitest'
import { attributionHtml } from './tile-source'

test.each([
  [
    '© OpenStreetMap contributors',
    '© <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
  ],
  ['Tiles <b>Example</b> & Co', 'Tiles &#60;b&#62;Example&#60;/b&#62; &#38; Co'],
  ['', ''],
])('attributionHtml(%j)', (text, html) => expect(attributionHtml(text)).toBe(html))
