// POST /admin/cli: the admin CLI hands its command to this server while the server holds the embedded database
// (app/infra/handoff.server.ts). Only from a loopback peer (the socket's address, not a header), and in two steps:
// `{ hello }` is answered with the server's proof for the CLI's nonce and a one-time challenge; `{ command, args }`
// must carry the CLI's proof for that challenge, and its answer is signed. Resource route: action only.
import { z } from 'zod'
import type { Route } from './+types/admin.cli'
import { req } from '~/lib/context.server'
import { log } from '~/infra/log.server'
import { handoffProof, issueChallenge, provenChallenge, readServerInfo, sha256 } from '~/infra/handoff.server'
import { isLoopbackAddress } from '~/domain/peer'
import { runCommand } from '~/cli/commands.server'
import { ImportError } from '~/services/import.server'

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers },
  })

const HelloSchema = z.object({ hello: z.string().regex(/^[A-Za-z0-9_-]{16,128}$/) })
const BodySchema = z.object({ command: z.string().min(1), args: z.record(z.string(), z.unknown()).default({}) })

export async function action({ request, context }: Route.ActionArgs) {
  const { app, server } = req(context)
  if (!isLoopbackAddress(server.peerAddress)) {
    log.warn({ msg: 'admin cli call from a non-loopback address refused' })
    return json({ ok: false, error: 'only over loopback' }, 403)
  }
  const info = readServerInfo(app.env.DATA_DIR)
  if (!info) return json({ ok: false, error: 'unauthorized' }, 401)
  const authorization = request.headers.get('Authorization')

  let posted: unknown
  try {
    posted = await request.json()
  } catch {
    return json({ ok: false, error: 'expected a JSON body { command, args }' }, 400)
  }
  if (!authorization) {
    const hello = HelloSchema.safeParse(posted)
    if (!hello.success) return json({ ok: false, error: 'unauthorized' }, 401)
    return json({ ok: true, proof: handoffProof(info.token, 'server', hello.data.hello), challenge: issueChallenge() })
  }
  const challenge = provenChallenge(app.env.DATA_DIR, authorization, true)
  if (!challenge) return json({ ok: false, error: 'unauthorized' }, 401)
  const body = BodySchema.safeParse(posted)
  if (!body.success) return json({ ok: false, error: 'expected a JSON body { command, args }' }, 400)

  // The answer carries the server's proof over the challenge and the answer's text, so the CLI trusts only this server.
  const signed = (answer: unknown, status: number) =>
    json(answer, status, {
      'X-Admin-Proof': handoffProof(info.token, 'answer', `${challenge}\n${sha256(JSON.stringify(answer))}`),
    })
  const { command, args } = body.data
  try {
    const deps = { mailer: app.mailer, publicUrl: app.env.publicUrl, projectTitle: app.env.PROJECT_TITLE }
    const { output } = await runCommand(app.database.db, command, args, deps)
    // Never log the args: they carry e-mail addresses, passwords and trip data.
    log.info({ msg: 'admin cli command', command })
    return signed({ ok: true, output }, 200)
  } catch (err) {
    log.warn({ msg: 'admin cli command failed', command, error: err instanceof Error ? err.name : 'unknown' })
    // An import's problems travel as a list too, so the CLI can point each at its line in the researcher's file.
    const problems = err instanceof ImportError ? err.problems : undefined
    return signed({ ok: false, error: err instanceof Error ? err.message : String(err), problems }, 400)
  }
}
