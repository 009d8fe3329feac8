// Links for a page that renders many of them (the ways list: four or five per card). A router <Link> runs its own
// hooks for every link: it resolves its path against the route, builds its href and its click handler, and on the
// server that costs about 18 µs a link, a tenth of the list page's rendering. Under `ListLinks` a `ListLink` is a
// plain <a>: its href is the path given (or the page's own path with a search given), and one handler, made once for
// the page, hands its plain clicks to the router as a <Link> would (a click with a modifier key, or with the default
// already prevented, is the browser's). The router still learns the routes these links lead to before they are
// followed (`data-discover`). Outside `ListLinks` it is a <Link>.
import {
  createContext,
  useContext,
  useLayoutEffect,
  useMemo,
  useRef,
  type AnchorHTMLAttributes,
  type ReactNode,
} from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { isPlainClick } from '~/lib/dialog-opening'

type Follow = (href: string, options: { preventScrollReset?: boolean; replace?: boolean }) => void
type ListLinksValue = { pathname: string; follow: Follow }
const ListLinksContext = createContext<ListLinksValue | null>(null)

/** The page's links below follow through this page's router navigation. */
export function ListLinks({ children }: { children: ReactNode }) {
  const location = useLocation()
  const navigate = useNavigate()
  const here = useRef(location)
  useLayoutEffect(() => {
    here.current = location
  }, [location])
  const value = useMemo<ListLinksValue>(
    () => ({
      pathname: location.pathname,
      follow: (href, { preventScrollReset, replace }) => {
        const at = here.current
        // As a <Link>: a link to the address shown now replaces it rather than adding a history entry.
        const same = href === `${at.pathname}${at.search}${at.hash}`
        void navigate(href, { preventScrollReset, replace: replace ?? same })
      },
    }),
    [location.pathname, navigate],
  )
  return <ListLinksContext.Provider value={value}>{children}</ListLinksContext.Provider>
}

type ListLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** An absolute path, or a search (`?…`) on the page's own path. */
  to: string
  preventScrollReset?: boolean
  replace?: boolean
}

export function ListLink({ to, preventScrollReset, replace, onClick, children, ...rest }: ListLinkProps) {
  const links = useContext(ListLinksContext)
  if (!links) {
    return (
      <Link to={to} preventScrollReset={preventScrollReset} replace={replace} onClick={onClick} {...rest}>
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
        onClick?.(event)
        if (event.defaultPrevented || !isPlainClick(event)) return
        event.preventDefault()
        links.follow(href, { preventScrollReset, replace })
      }}
    >
      {children}
    </a>
  )
}
