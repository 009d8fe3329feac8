// Server-supplied HTML: links keep the rel="noopener noreferrer" docs/security.md promises; nothing else gets through.
import { describe, expect, test } from 'vitest'
import { cleanHtml } from './info.server'

describe('cleanHtml', () => {
  test.each([
    ['<a href="https://example.org">x</a>', '<a href="https://example.org" rel="noopener noreferrer">x</a>'],
    [
      '<a href="https://example.org" rel="opener">x</a>',
      '<a href="https://example.org" rel="noopener noreferrer">x</a>',
    ],
    ['<a href="javascript:alert(1)" onclick="x()">x</a>', '<a rel="noopener noreferrer">x</a>'],
    ['<p>a<script>alert(1)</script></p>', '<p>a</p>'],
  ])('%s → %s', (html, expected) => expect(cleanHtml(html)).toBe(expected))
})
