// Main layout: top navigation (logged in only), user sidebar with side menu and logout,
// a mobile side menu that opens without JavaScript (<details>), toasts and the cookie banner.
import { useEffect, useRef } from 'react'
import { NavLink, Outlet, Link, useLocation, useMatches, type ShouldRevalidateFunctionArgs } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { Route } from './+types/_main'
import { layoutData } from '~/lib/layout.server'
import { dialogOnlyNavigation } from '~/lib/dialog-revalidation'
import { ANY_PAGE_DIALOGS } from '~/domain/dialogUrl'
import { CookieBanner, FocusAfterPost, FooterLinks, Logo, LogoutForm, ToastList } from '~/components/layout/Chrome'
import { Icon } from '~/components/icons/ModeSprite'

export async function loader({ context }: Route.LoaderArgs) {
  return layoutData(context)
}
// Every navigation reloads the layout (the toasts, the user), except one that only opens, closes or changes a page's
// dialog (ADR 299): the page then keeps its data too, and no request goes to the server.
export const shouldRevalidate = (args: ShouldRevalidateFunctionArgs) => !dialogOnlyNavigation(args, ANY_PAGE_DIALOGS)

/**
 * Where "skip to content" leads: the page's own content. A layout whose pages start with a sub-navigation repeated on
 * each of them (the ways tabs) names the element after it in its route `handle` (`{ skipTo: id }`), so the skip link
 * passes that navigation too; otherwise the main region.
 */
function useSkipTarget(): string {
  const named = useMatches()
    .map((m) => (m.handle as { skipTo?: unknown } | undefined)?.skipTo)
    .filter((id): id is string => typeof id === 'string')
  return named.at(-1) ?? 'main'
}

export default function MainLayout({ loaderData }: Route.ComponentProps) {
  // Following a link in the side menu (a client-side navigation) closes it, as a new page would.
  const menuRef = useRef<HTMLDetailsElement>(null)
  const location = useLocation()
  useEffect(() => {
    if (menuRef.current) menuRef.current.open = false
  }, [location.pathname, location.search])
  // The menu never stays open over the page: Escape closes it (focus back on its toggle), and so does focus moving
  // out of it (Tab past its last link).
  useEffect(() => {
    const menu = menuRef.current
    if (!menu) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !menu.open) return
      menu.open = false
      menu.querySelector('summary')?.focus()
    }
    const onFocusOut = (event: FocusEvent) => {
      if (menu.open && event.relatedTarget instanceof Node && !menu.contains(event.relatedTarget)) menu.open = false
    }
    menu.addEventListener('keydown', onKey)
    menu.addEventListener('focusout', onFocusOut)
    return () => {
      menu.removeEventListener('keydown', onKey)
      menu.removeEventListener('focusout', onFocusOut)
    }
  }, [loaderData.user])
  const { t } = useTranslation()
  const skipTo = useSkipTarget()
  const { user } = loaderData
  const nav = user
    ? [
        ...(user.hasCampaign ? [{ to: '/campaign', label: t('nav.campaign') }] : []),
        { to: '/ways', label: t('nav.ways') },
        { to: '/pois', label: t('nav.places') },
        { to: '/help', label: t('nav.help') },
        { to: '/contact', label: t('nav.contact') },
      ]
    : []
  const sideLinks = [
    { to: '/help/imprint', label: t('nav.imprint') },
    { to: '/help/privacy', label: t('nav.privacy') },
    { to: '/user/update-password', label: t('nav.updatePassword') },
    { to: '/user/delete-account', label: t('nav.deleteAccount') },
    { to: '/user/my-data', label: t('nav.myData'), reload: true },
  ]
  return (
    <div className="app-shell">
      <CookieBanner consent={loaderData.consent} />
      <a className="skip-link" href={`#${skipTo}`}>
        {t('nav.skip')}
      </a>
      <header className="app-header">
        <Logo />
        {user ? (
          <>
            <nav className="app-nav" aria-label={t('nav.main')}>
              <ul>
                {nav.map((n) => (
                  <li key={n.to}>
                    <NavLink to={n.to}>{n.label}</NavLink>
                  </li>
                ))}
              </ul>
            </nav>
            <details className="side-menu side-menu--persistent" ref={menuRef}>
              <summary className="side-menu__toggle">
                <span className="visually-hidden">{t('nav.menu')}</span>
                <Icon name="menu" className="side-menu__icon-open" />
                <Icon name="close" className="side-menu__icon-close" />
                <span className="side-menu__user" title={user.fullName}>
                  {user.name}
                </span>
              </summary>
              <div className="side-menu__panel">
                <nav aria-label={t('nav.mobile')} className="side-menu__main">
                  <ul>
                    {nav.map((n) => (
                      <li key={n.to}>
                        <NavLink to={n.to}>{n.label}</NavLink>
                      </li>
                    ))}
                  </ul>
                </nav>
                <nav aria-label={t('nav.user')}>
                  <ul>
                    {sideLinks.map((n) => (
                      <li key={n.to}>
                        <Link to={n.to} reloadDocument={n.reload}>
                          {n.label}
                        </Link>
                      </li>
                    ))}
                  </ul>
                </nav>
                <LogoutForm />
              </div>
            </details>
          </>
        ) : (
          <Link className="btn btn--primary btn--small" to="/user/login">
            {t('nav.login')}
          </Link>
        )}
      </header>
      <ToastList toasts={loaderData.toasts} />
      <FocusAfterPost />
      <main id="main" className="app-main">
        <Outlet />
      </main>
      <FooterLinks />
    </div>
  )
}
