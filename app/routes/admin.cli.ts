// POST /admin/cli: the admin CLI hands its command to this server while the server holds the embedded database
// (app/infra/handoff.server.ts). Only from a loopback peer (the socket's address, not a header), and in two steps:
// `{ hello }` is answered with the server's proof for the CLI's nonce and a one-time challenge; `{ command, args }`
// must carry the CLI's proof for that challenge, and its answer is signed. The CLI reads the answer as lines: the
// progress of a long command first, the signed answer last. Resource route: action only.
import { z } from 'zod'
import type { Route } from './+types/admin.cli'
import { req } from '~/lib/context.server'
import { log } from '~/infra/log.server'
import { handoffProof, issueChallenge, provenChallenge, readServerInfo, sha256 } from '~/infra/handoff.server'
import { isLoopbackAddress } from '~/domain/peer'
import { parseJsonOffThread } from '~/infra/json-off-thread.server'
import { runCommand, type CommandDeps } from '~/cli/commands.server'
import { ImportError } from '~/services/import.server'

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers },
  })

/** The answer as lines: progress while the command runs, the signed answer last. */
const STREAM_TYPE = 'application/x-ndjson'
const PROGRESS_EVERY_MS = 500

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
    // A trips file of many MB is parsed off the event loop: the server keeps answering meanwhile.
    posted = await parseJsonOffThread(new Uint8Array(await request.arrayBuffer()))
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
  const proofOf = (answerText: string) => handoffProof(info.token, 'answer', `${challenge}\n${sha256(answerText)}`)
  const { command, args } = body.data
  const run = async (progress?: CommandDeps['progress']): Promise<{ answer: Answer; status: number }> => {
    try {
      const deps = { mailer: app.mailer, publicUrl: app.env.publicUrl, projectTitle: app.env.PROJECT_TITLE, progress }
      const { output } = await runCommand(app.database.db, command, args, deps)
      // Never log the args: they carry e-mail addresses, passwords and trip data.
      log.info({ msg: 'admin cli command', command })
      return { answer: { ok: true, output }, status: 200 }
    } catch (err) {
      log.warn({ msg: 'admin cli command failed', command, error: err instanceof Error ? err.name : 'unknown' })
      // An import's problems travel as a list too, so the CLI can point each at its line in the researcher's file.
      const problems = err instanceof ImportError ? err.problems : undefined
      return { answer: { ok: false, error: err instanceof Error ? err.message : String(err), problems }, status: 400 }
    }
  }

  // A CLI that reads the answer line by line gets the progress of a long command (an import, an export) while it
  // runs, then the signed answer as the last line; any other caller gets the answer alone when it is done.
  if ((request.headers.get('Accept') ?? '').includes(STREAM_TYPE)) {
    const encoder = new TextEncoder()
    const stream = new ReadableStream<Uint8Array>({
      async start(controller) {
        // A CLI that went away ends the stream, not the command: it finishes as it would have.
        const line = (value: unknown) => {
          try {
            controller.enqueue(encoder.encode(JSON.stringify(value) + '\n'))
          } catch {
            // the stream is closed
          }
        }
        const { answer } = await run((label, unit) => progressLines(line, label, unit))
        const answerText = JSON.stringify(answer)
        line({ answer: answerText, proof: proofOf(answerText) })
        try {
          controller.close()
        } catch {
          // the stream is closed
        }
      },
    })
    return new Response(stream, {
      headers: { 'Content-Type': `${STREAM_TYPE}; charset=utf-8`, 'Cache-Control': 'no-store, no-transform' },
    })
  }
  const { answer, status } = await run()
  return json(answer, status, { 'X-Admin-Proof': proofOf(JSON.stringify(answer)) })
}

type Answer = { ok: true; output: string[] } | { ok: false; error: string; problems?: unknown }

/**
 * Progress as lines `{ progress: { label, unit, done, total } }`, at most one per PROGRESS_EVERY_MS, and one with
 * `finished` at the end (with the final count); the CLI shows them on stderr as it does for a command it runs itself.
 */
function progressLines(line: (value: unknown) => void, label: string, unit: string) {
  let last = -Infinity
  let done = 0
  let total = 0
  return {
    update(d: number, t?: number) {
      done = d
      if (t !== undefined) total = t
      if (Date.now() - last < PROGRESS_EVERY_MS) return
      last = Date.now()
      line({ progress: { label, unit, done, total } })
    },
    finish() {
      line({ progress: { label, unit, done, total, finished: true } })
    },
  }
}
