import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useRouteLoaderData,
  useMatches,
  useNavigation,
} from 'react-router'
import type { Route } from './+types/root'
import { rootMiddleware } from '~/lib/middleware.server'
import { req } from '~/lib/context.server'
import { pageI18nextMiddleware } from '~/lib/i18n.server'
import { catalogueAsset } from '~/infra/i18n.server'
import { projectTitle } from '~/infra/env.server'
import { inlineStylesheet } from '~/lib/stylesheet.server'
import { Stylesheet } from '~/components/layout/Stylesheet'
import { useTranslation } from 'react-i18next'
import { lng } from '~/infra/i18n'
import { honeypotInputProps } from '~/lib/honeypot.server'
import { useNonce } from '~/lib/nonce'
import { toBcp47, DEFAULT_LOCALE } from '~/domain/locale'
import stylesheet from '~/styles/app.css?url'

// i18next first: the root middleware reads the language it picked.
export const middleware: Route.MiddlewareFunction[] = [pageI18nextMiddleware, rootMiddleware]

export const links: Route.LinksFunction = () => [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }]

export async function loader({ context, request }: Route.LoaderArgs) {
  const r = req(context)
  const css = inlineStylesheet(request, r.server.secure)
  if (css.setCookie) r.setCookies.push(css.setCookie)
  return {
    inlineCss: css.inline,
    locale: r.locale,
    /** The catalogue for the browser's i18next (fetched once per release by entry.client, then cached). */
    catalogueUrl: catalogueAsset(lng(r.locale)).url,
    projectTitle: projectTitle(r.app.env, r.locale),
    debugMode: r.app.env.DEBUG_MODE,
    devMode: r.app.env.DEV_MODE,
    mapTileUrl: r.app.env.MAP_TILE_URL,
    mapTileAttribution: r.app.env.MAP_TILE_ATTRIBUTION,
    /** The honeypot fields of the public forms (its "valid from" time is this page load's). */
    honeypot: await honeypotInputProps(context),
  }
}

// The catalogues only change with the locale, and a locale switch is a full page load.
export function shouldRevalidate() {
  return false
}

export function useRootData() {
  return useRouteLoaderData<typeof loader>('root')
}

/**
 * A page whose route `handle` says `{ scripts: false }` has nothing JavaScript could enhance: its HTML names no
 * script at all (no module preloads, no manifest, no hydration), so it works exactly as with JavaScript off
 * (docs/decisions/301-pages-without-scripts.md). Only the server's HTML leaves them out: such a page never hydrates,
 * and when the app, already running, navigates to it, the scripts stay as they are.
 */
export type ScriptsHandle = { scripts?: false }
function useScriptsWanted() {
  const matches = useMatches()
  return (
    typeof document !== 'undefined' || !matches.some((m) => (m.handle as ScriptsHandle | undefined)?.scripts === false)
  )
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRootData()
  const nonce = useNonce()
  const scripts = useScriptsWanted()
  const { i18n } = useTranslation()
  // Without the root's data (its loader failed), the language i18next renders in.
  const locale = data?.locale ?? (i18n.language === 'en' ? 'en_US' : DEFAULT_LOCALE)
  return (
    <html lang={toBcp47(locale)} dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        {data ? <meta name="i18n-catalogue" content={data.catalogueUrl} /> : null}
        <Meta />
        <Stylesheet href={stylesheet} inline={data?.inlineCss ?? false} />
        <Links />
      </head>
      <body>
        <NavigationProgress />
        {children}
        {/* Where an open modal dialog lives (Dialog.tsx): outside the page's own stacks of content. */}
        <div id="dialog-layer" />
        {/* In an element of their own: the router drops its script elements at its first navigation, and taken out of
            the body itself they made the browser restyle the whole page (on a slow phone the first dialog's tap). */}
        {scripts ? (
          <div hidden>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </div>
        ) : null}
      </body>
    </html>
  )
}

function NavigationProgress() {
  const navigation = useNavigation()
  return <div className="progress-bar" data-active={navigation.state !== 'idle' ? '' : undefined} aria-hidden="true" />
}

export default function App() {
  return <Outlet />
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation()
  const data = useRootData()
  const notFound = isRouteErrorResponse(error) && error.status === 404
  return (
    <main className="start-layout">
      <title>{`${notFound ? t('notFound.title') : t('error.title')} | ${data?.projectTitle ?? ''}`}</title>
      <div className="card stack">
        <h1>{notFound ? t('notFound.title') : t('error.title')}</h1>
        <p>{notFound ? t('notFound.info') : t('error.info')}</p>
        <p>
          <a className="btn btn--primary" href="/">
            {t('error.home')}
          </a>
        </p>
      </div>
    </main>
  )
}
