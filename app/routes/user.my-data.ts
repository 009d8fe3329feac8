// GET /user/my-data: "Download my data" in the user menu (a plain link, works without JavaScript). Answers a JSON
// file with everything stored about the participant (export.server.ts exportOwnData, also user.getOwnData in the
// HTTP API). Resource route: loader only; the _auth layout already requires login.
import type { Route } from './+types/user.my-data'
import { authed, req } from '~/lib/context.server'
import { ownDataFileName, ownDataService } from '~/services/export.server'

export async function loader({ context }: Route.LoaderArgs) {
  const data = await ownDataService.getOwnData(authed(context), {})
  const name = ownDataFileName(new Date(), req(context).app.env.STUDY_TIME_ZONE)
  return new Response(JSON.stringify(data, null, 2) + '\n', {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="${name}"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  })
}
