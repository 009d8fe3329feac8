// GET /static-map/:id — the server's own static map image of one of the caller's places (spec 7), used when no
// STATIC_MAP_URL is configured. SVG, drawn here (no third party). Anyone else's place, a bad id, no session or no
// authorization all answer the same 404.
import type { Route } from './+types/static-map'
import { serviceCtx } from '~/lib/context.server'
import { ServiceError, zId } from '~/services/core.server'
import { ownPoi } from '~/services/poi.server'
import { staticMapSvg } from '~/domain/staticMapSvg'

const notFound = () => new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } })

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = zId.safeParse(params.id)
  if (!id.success) return notFound()
  try {
    const poi = await ownPoi(serviceCtx(context), id.data)
    return new Response(staticMapSvg(poi.lat, poi.lon), {
      headers: {
        'Content-Type': 'image/svg+xml; charset=utf-8',
        // Private: only the owner may see it. The page adds ?v=lat,lon, so an edit gets a new URL.
        'Cache-Control': 'private, max-age=86400',
        'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
        'X-Content-Type-Options': 'nosniff',
      },
    })
  } catch (e) {
    if (e instanceof ServiceError) return notFound()
    throw e
  }
}
