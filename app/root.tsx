import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useRouteLoaderData, useNavigation } from 'react-router'
import type { Route } from './+types/root'
import { rootMiddleware } from '~/lib/middleware.server'
import { req } from '~/lib/context.server'
import { catalogueAsset } from '~/lib/i18n.server'
import { inlineStylesheet } from '~/lib/stylesheet.server'
import { Stylesheet } from '~/components/layout/Stylesheet'
import { I18nProvider, lng, useTranslation } from '~/lib/i18n'
import { useNonce } from '~/lib/nonce'
import { toBcp47, DEFAULT_LOCALE } from '~/domain/locale'
import { ModeSprite } from '~/components/icons/ModeSprite'
import stylesheet from '~/styles/app.css?url'

export const middleware: Route.MiddlewareFunction[] = [rootMiddleware]

export const links: Route.LinksFunction = () => [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }]

export async function loader({ context, request }: Route.LoaderArgs) {
  const r = req(context)
  const css = inlineStylesheet(request, r.server.secure)
  if (css.setCookie) r.setCookies.push(css.setCookie)
  return {
    inlineCss: css.inline,
    locale: r.locale,
    /** The catalogue for the browser (fetched once per release by entry.client, then cached). */
    catalogueUrl: catalogueAsset(lng(r.locale)).url,
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
  const body = (
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
        <ModeSprite />
        <NavigationProgress />
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  )
  return data ? <I18nProvider locale={locale}>{body}</I18nProvider> : body
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
