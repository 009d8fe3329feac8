// Start layout: logo, the page, footer links to imprint and privacy.
import { Outlet } from 'react-router'
import type { Route } from './+types/_start'
import { layoutData } from '~/lib/layout.server'
import { CookieBanner, FocusAfterPost, FooterLinks, Logo, ToastList } from '~/components/layout/Chrome'

export async function loader({ context }: Route.LoaderArgs) {
  return layoutData(context)
}
export const shouldRevalidate = () => true

export default function StartLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="start-shell">
      <CookieBanner consent={loaderData.consent} />
      <header className="start-header">
        <Logo />
      </header>
      <ToastList toasts={loaderData.toasts} />
      <FocusAfterPost />
      <main id="main" className="start-layout">
        <Outlet />
      </main>
      <FooterLinks />
    </div>
  )
}
