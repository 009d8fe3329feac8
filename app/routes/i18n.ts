// /i18n/<lang>.<hash>.json — the browser's copy of a language's catalogue (app/infra/i18n.server.ts). The hash names
// the content, so the current file is cached for a year; a page of an older release asking for its old hash gets
// today's texts, not cached.
import type { Route } from './+types/i18n'
import { catalogueAsset } from '~/infra/i18n.server'
import { catalogueFile } from '~/infra/i18n'

export function loader({ params }: Route.LoaderArgs) {
  const file = catalogueFile(params.file)
  if (!file) return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain' } })
  const asset = catalogueAsset(file.lang)
  return new Response(asset.body, {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': file.hash === asset.hash ? 'public, max-age=31536000, immutable' : 'no-cache',
    },
  })
}
