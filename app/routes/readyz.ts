import { sql } from 'drizzle-orm'
import type { Route } from './+types/readyz'
import { req } from '~/lib/context.server'

export async function loader({ context }: Route.LoaderArgs) {
  try {
    await req(context).app.database.db.execute(sql`select 1`)
    return new Response('ready', { headers: { 'Content-Type': 'text/plain', 'Cache-Control': 'no-store' } })
  } catch {
    return new Response('database unreachable', { status: 503, headers: { 'Content-Type': 'text/plain' } })
  }
}
