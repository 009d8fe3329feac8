// GET /user/my-data: "Download my data" in the user menu (a plain link, works without JavaScript). Answers a JSON
// file with everything stored about the participant (the document of export/own-data.server.ts exportOwnData, also
// user.getOwnData in the HTTP API), streamed as it is read so a long diary never sits in memory whole. Resource
// route: loader only; the _auth layout already requires login.
import type { Route } from './+types/user.my-data'
import { authed, req } from '~/lib/context.server'
import { ownDataFileName, ownDataStream } from '~/services/export/own-data.server'

export async function loader({ context }: Route.LoaderArgs) {
  const body = ownDataStream(authed(context))
  const name = ownDataFileName(new Date(), req(context).app.env.STUDY_TIME_ZONE)
  return new Response(body, {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="${name}"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  })
}
