// POST /admin/cli: the admin CLI hands its command to this server while the server holds the embedded database
// (app/infra/handoff.server.ts). Authorised by the bearer token the server wrote to DATA_DIR/server.json (0600), so
// only someone who can read the server's data directory gets in. Resource route: action only.
import { z } from 'zod'
import type { Route } from './+types/admin.cli'
import { req } from '~/lib/context.server'
import { log } from '~/infra/log.server'
import { readServerInfo, tokenMatches } from '~/infra/handoff.server'
import { runCommand } from '~/cli/commands.server'
import { ImportError } from '~/services/import.server'

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
  })

const BodySchema = z.object({ command: z.string().min(1), args: z.record(z.string(), z.unknown()).default({}) })

export async function action({ request, context }: Route.ActionArgs) {
  const { app } = req(context)
  const info = readServerInfo(app.env.DATA_DIR)
  const given = /^Bearer (.+)$/.exec(request.headers.get('Authorization') ?? '')?.[1]
  if (!info || !given || !tokenMatches(info.token, given)) return json({ ok: false, error: 'unauthorized' }, 401)

  let body: z.output<typeof BodySchema>
  try {
    body = BodySchema.parse(await request.json())
  } catch {
    return json({ ok: false, error: 'expected a JSON body { command, args }' }, 400)
  }
  try {
    const deps = { mailer: app.mailer, publicUrl: app.env.publicUrl, projectTitle: app.env.PROJECT_TITLE }
    const { output } = await runCommand(app.database.db, body.command, body.args, deps)
    // Never log the args: they carry e-mail addresses, passwords and trip data.
    log.info({ msg: 'admin cli command', command: body.command })
    return json({ ok: true, output })
  } catch (err) {
    log.warn({
      msg: 'admin cli command failed',
      command: body.command,
      error: err instanceof Error ? err.name : 'unknown',
    })
    // An import's problems travel as a list too, so the CLI can point each at its line in the researcher's file.
    const problems = err instanceof ImportError ? err.problems : undefined
    return json({ ok: false, error: err instanceof Error ? err.message : String(err), problems }, 400)
  }
}
