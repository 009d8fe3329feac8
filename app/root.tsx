import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useRouteLoaderData, useNavigation } from 'react-router'
import { I18nextProvider, useTranslation } from 'react-i18next'
import type { Route } from './+types/root'
import { rootMiddleware } from '~/lib/middleware.server'
import { req } from '~/lib/context.server'
import { clientResources } from '~/lib/i18n.server'
import { i18nFor } from '~/lib/i18n'
import { useNonce } from '~/lib/nonce'
import { toBcp47, DEFAULT_LOCALE } from '~/domain/locale'
import { ModeSprite } from '~/components/icons/ModeSprite'
import stylesheet from '~/styles/app.css?url'

export const middleware: Route.MiddlewareFunction[] = [rootMiddleware]

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
]

export async function loader({ context }: Route.LoaderArgs) {
  const r = req(context)
  return {
    locale: r.locale,
    resources: clientResources(r.locale),
    projectTitle: r.app.env.PROJECT_TITLE,
    debugMode: r.app.env.DEBUG_MODE,
    devMode: r.app.env.DEV_MODE,
    mapTileUrl: r.app.env.MAP_TILE_URL,
  }
}

// The catalogues only change with the locale, and a locale switch is a full page load.
export function shouldRevalidate() {
  return false
}

export function useRootData() {
  return useRouteLoaderData<typeof loader>('root')
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRootData()
  const nonce = useNonce()
  const locale = data?.locale ?? DEFAULT_LOCALE
  const i18n = data ? i18nFor(locale, data.resources) : undefined
  const body = (
    <html lang={toBcp47(locale)} dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <Meta />
        <Links />
      </head>
      <body>
        <ModeSprite />
        <NavigationProgress />
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  )
  return i18n ? <I18nextProvider i18n={i18n}>{body}</I18nextProvider> : body
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
