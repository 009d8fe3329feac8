// GET /static-map/:id — the server's own picture of one of the caller's places, used when no STATIC_MAP_URL is
// configured: a map composed from the tile server's tiles, or, when those cannot be had, a neutral picture with
// the marker, the coordinates and the names of the participant's other places nearby — never an invented map.
// Anyone else's place, a bad id, no session or no authorization all answer the same 404.
import type { Route } from './+types/static-map'
import { serviceCtx } from '~/lib/context.server'
import { ServiceError } from '~/services/core.server'
import { parseIdText } from '~/domain/ids'
import { placePicture } from '~/services/place-picture.server'

const notFound = () =>
  new Response('Not found', {
    status: 404,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  })

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = parseIdText(params.id)
  if (id == null) return notFound()
  try {
    const picture = await placePicture(serviceCtx(context), id)
    return new Response(picture.svg, {
      headers: {
        'Content-Type': 'image/svg+xml; charset=utf-8',
        // no-store: the picture shows where the participant's places are; on a shared phone no cache may keep it
        // after logout.
        'Cache-Control': 'no-store',
        // The tiles travel inside the picture as data: URIs; nothing else may load or run.
        'Content-Security-Policy': "default-src 'none'; img-src data:; style-src 'unsafe-inline'",
        'X-Content-Type-Options': 'nosniff',
        'X-Picture-Kind': picture.kind,
      },
    })
  } catch (e) {
    if (e instanceof ServiceError) return notFound()
    throw e
  }
}
