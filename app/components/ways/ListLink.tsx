// Links for a page that renders many of them (the ways list: four or five per card). A router <Link> runs its own
// hooks for every link: it resolves its path against the route, builds its href and its click handler, and on the
// server that costs about 18 µs a link, a tenth of the list page's rendering. Under `ListLinks` a `ListLink` is a
// plain <a>: its href is the path given (or the page's own path with a search given), and its click handler hands a
// plain click to the router's navigation, which `ListLinks` takes once for the page, as a <Link> would (a click with
// a modifier key, or with the default already prevented, is the browser's). The router still learns the routes these
// links lead to before they are followed (`data-discover`). Outside `ListLinks` it is a <Link>.
import { createContext, useContext, useMemo, type AnchorHTMLAttributes, type ReactNode } from 'react'
import { Link, useLocation, useNavigate, type NavigateFunction } from 'react-router'
import { isPlainClick } from '~/lib/dialog-opening'

type ListLinksValue = { pathname: string; navigate: NavigateFunction }
const ListLinksContext = createContext<ListLinksValue | null>(null)

/** The page's links below follow through this page's router navigation. */
export function ListLinks({ children }: { children: ReactNode }) {
  const { pathname } = useLocation()
  const navigate = useNavigate()
  const value = useMemo(() => ({ pathname, navigate }), [pathname, navigate])
  return <ListLinksContext.Provider value={value}>{children}</ListLinksContext.Provider>
}

type ListLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'onClick'> & {
  /** An absolute path, or a search (`?…`) on the page's own path; never the address shown now. */
  to: string
  preventScrollReset?: boolean
}

export function ListLink({ to, preventScrollReset, children, ...rest }: ListLinkProps) {
  const links = useContext(ListLinksContext)
  if (!links) {
    return (
      <Link to={to} preventScrollReset={preventScrollReset} {...rest}>
        {children}
      </Link>
    )
  }
  const href = to.startsWith('?') ? `${links.pathname}${to}` : to
  return (
    <a
      {...rest}
      href={href}
      data-discover="true"
      onClick={(event) => {
        if (event.defaultPrevented || !isPlainClick(event)) return
        event.preventDefault()
        void links.navigate(href, { preventScrollReset })
      }}
    >
      {children}
    </a>
  )
}
