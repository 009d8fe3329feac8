// Help area: FAQ, privacy, and when logged in a link to the PDF manual; when logged out a login link.
import { NavLink, Outlet, Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { Route } from './+types/_help'
import { req } from '~/lib/context.server'

export async function loader({ context }: Route.LoaderArgs) {
  return { loggedIn: req(context).user != null }
}

export default function HelpLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('help')
  return (
    <div className="stack">
      <nav aria-label={t('subnav.label')}>
        <ul className="tabs">
          <li>
            <NavLink to="/help/faq">{t('subnav.faq')}</NavLink>
          </li>
          <li>
            <NavLink to="/help/privacy">{t('subnav.privacy')}</NavLink>
          </li>
          <li>
            {loaderData.loggedIn ? (
              <a href="/manual.pdf" type="application/pdf" download>
                {t('subnav.manual')}
              </a>
            ) : (
              <Link to="/user/login">{t('subnav.login')}</Link>
            )}
          </li>
        </ul>
      </nav>
      <Outlet />
    </div>
  )
}
