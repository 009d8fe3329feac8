// A list's plain link is the router link it stands for: the same address, the same attributes, and the router still
// learns where it leads (data-discover). Outside a list it is the router's own link.
import { renderToStaticMarkup } from 'react-dom/server'
import { Link, MemoryRouter } from 'react-router'
import { describe, expect, test } from 'vitest'
import { ListLink, ListLinks } from './ListLink'

const at = (path: string, node: React.ReactNode) =>
  renderToStaticMarkup(<MemoryRouter initialEntries={[path]}>{node}</MemoryRouter>)

/** The attributes of the page's only <a>, sorted by name. */
const attributesOf = (html: string) => {
  const tag = /<a\s([^>]*)>/.exec(html)?.[1] ?? ''
  return [...tag.matchAll(/([\w-]+)="([^"]*)"/g)].map((m) => `${m[1]}=${m[2]}`).sort()
}

describe.each([
  ['/ways/list/all/page/1', '/ways/tripDetails/7'],
  ['/ways/list/all/page/1', '/ways/tripDetails/7?from=unconfirmed'],
  ['/ways/list/all/page/1', '?dialog=mode&leg=12'],
  ['/ways/list/unconfirmed/page/2/7', '?dialog=report&trip=7#report'],
  ['/ways/list/all/page/1', '/ways/edit/7'],
])('on %s, a link to %s', (page, to) => {
  const link = attributesOf(
    at(
      page,
      <Link to={to} className="btn" aria-current="true" preventScrollReset>
        x
      </Link>,
    ),
  )

  test('in a list has the router link’s address and attributes', () => {
    const plain = at(
      page,
      <ListLinks>
        <ListLink to={to} className="btn" aria-current="true" preventScrollReset>
          x
        </ListLink>
      </ListLinks>,
    )
    expect(attributesOf(plain)).toEqual(link)
    expect(link).toContain('data-discover=true')
  })

  test('outside a list is the router link', () => {
    const own = at(
      page,
      <ListLink to={to} className="btn" aria-current="true" preventScrollReset>
        x
      </ListLink>,
    )
    expect(attributesOf(own)).toEqual(link)
  })
})
