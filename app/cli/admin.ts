// The researcher CLI: `npm run admin -- <command> [options]`.
// Output goes to stdout (campaign:import prints the new id as its last line); a failure prints `error: …` to stderr
// (an import: one line per problem, with the file's line), exits with code 1 and changes nothing (every command but
// remind is one transaction; remind records each mail as it sends it). Progress of long imports and exports goes
// to stderr, also when a running server does the work (it sends its progress as lines before the answer).
// With the embedded database and a server running on the same DATA_DIR, the command is handed to that server
// (see app/infra/handoff.server.ts); otherwise the CLI opens the database itself. With DATABASE_URL it always runs directly.
import '../../scripts/require-node.mjs'
import crypto from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { StringDecoder } from 'node:string_decoder'
import { parseArgs, type ParseArgsConfig } from 'node:util'
import { connect } from '~/db/connect.server'
import { jsonLines, lineOf, MAX_FILE_NESTING, nestingDepth } from '~/domain/jsonLines'
import { connectAddress } from '~/domain/peer'
import { loadEnv, type Env } from '~/infra/env.server'
import { createMailer } from '~/infra/mailer.server'
import { ImportError } from '~/services/import.server'
import { CommandError, isCommand, runCommand, type CommandDeps, type CommandName } from './commands.server'
import { progress, type Progress } from './progress'
import {
  acquireCliLock,
  handoffAuthorization,
  handoffProof,
  runningServer,
  serverInfoPath,
  sha256,
  tokenMatches,
  type ServerHandoff,
} from '~/infra/handoff.server'
import { lockDownDataDir, makePrivate } from '~/infra/datadir.server'

const USAGE = `Usage: npm run admin -- <command> [options]

  user:create --email E --password P [--verified] [--campaign ID] [--password-update-required]
              [--joined YYYY-MM-DD]           the day they joined (default today): their study days start then
  campaign:import --file campaign.json [--dry-run]   prints the new campaign id as the last line
  campaign:assign --campaign ID --email E
  campaign:default --campaign ID                      the campaign whose imprint, privacy, FAQ and contact
                                              logged-out visitors see (default: the first imported)
  trips:import --email E --file trips.json [--dry-run]
  export --campaign ID --out DIR [--with-identity]
  campaign:export --campaign ID [--out FILE]          a campaign file campaign:import accepts (stdout without --out)
  status --campaign ID [--csv FILE] [--html FILE] [--with-identity] [--inactive-days N]
  remind --campaign ID --inactive-days N [--interval-days D] [--dry-run]
                                              at most one reminder per participant within D days
                                              (default REMIND_INTERVAL_DAYS, else 7)

An import reports every problem of a file (path and line) and writes nothing; --dry-run checks and summarises.

File formats: schemas/campaign.schema.json, schemas/trips.schema.json (examples in docs/examples/).
Configuration: DATA_DIR (default ./data) or DATABASE_URL.`

type Options = NonNullable<ParseArgsConfig['options']>
const str = { type: 'string' } as const
const flag = { type: 'boolean' } as const

const COMMANDS: Record<CommandName, { options: Options; required: string[] }> = {
  'user:create': {
    options: {
      email: str,
      password: str,
      verified: flag,
      campaign: str,
      'password-update-required': flag,
      joined: str,
    },
    required: ['email', 'password'],
  },
  'campaign:import': { options: { file: str, 'dry-run': flag }, required: ['file'] },
  'campaign:assign': { options: { campaign: str, email: str }, required: ['campaign', 'email'] },
  'campaign:default': { options: { campaign: str }, required: ['campaign'] },
  'trips:import': { options: { email: str, file: str, 'dry-run': flag }, required: ['email', 'file'] },
  export: { options: { campaign: str, out: str, 'with-identity': flag }, required: ['campaign', 'out'] },
  'campaign:export': { options: { campaign: str, out: str }, required: ['campaign'] },
  status: {
    options: { campaign: str, csv: str, html: str, 'with-identity': flag, 'inactive-days': str },
    required: ['campaign'],
  },
  remind: {
    options: { campaign: str, 'inactive-days': str, 'interval-days': str, 'dry-run': flag },
    required: ['campaign', 'inactive-days'],
  },
}

/** Files given with --file, kept to point problems at their lines. */
const readFiles = new Map<string, string>()
const PATH_OPTIONS = new Set(['out', 'csv', 'html'])

const camel = (key: string) => key.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())

/** Command-line options → the args of runCommand: files read and parsed here, paths made absolute. */
function commandArgs(command: CommandName, argv: string[]): Record<string, unknown> {
  const spec = COMMANDS[command]
  let values: Record<string, string | boolean | undefined>
  try {
    values = parseArgs({ args: argv, options: spec.options, strict: true, allowPositionals: false })
      .values as typeof values
  } catch (err) {
    throw new CommandError(`${command}: ${(err as Error).message}`)
  }
  for (const name of spec.required) {
    if (values[name] === undefined || values[name] === '') throw new CommandError(`${command}: --${name} is required`)
  }
  const args: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(values)) {
    if (key === 'file') args.data = readJson(String(value))
    else if (PATH_OPTIONS.has(key)) args[key] = path.resolve(String(value))
    else args[camel(key)] = value
  }
  return args
}

function readJson(file: string): unknown {
  let text: string
  try {
    text = fs.readFileSync(file, 'utf8')
  } catch (err) {
    throw new CommandError(`cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`)
  }
  readFiles.set(file, text)
  if (nestingDepth(text) > MAX_FILE_NESTING)
    throw new CommandError(`${file} nests deeper than ${MAX_FILE_NESTING} levels; no researcher file needs that`)
  try {
    return JSON.parse(text)
  } catch (err) {
    throw new CommandError(`${file} is not valid JSON: ${(err as Error).message}`)
  }
}

function commandDeps(env: Env): CommandDeps {
  return {
    mailer: createMailer({ smtpUrl: env.SMTP_URL, outboxDir: path.join(env.DATA_DIR, 'outbox'), from: env.MAIL_FROM }),
    publicUrl: env.publicUrl,
    projectTitle: env.PROJECT_TITLE,
    progress: (label, unit) => progress(label, unit),
  }
}

/** An import's problems, each pointed at its line: `error: FILE:LINE: path: message`. */
class ProblemsError extends Error {
  constructor(public readonly problems: { at: PropertyKey[]; path: string; message: string }[]) {
    super(problems.map((p) => `${p.path}: ${p.message}`).join('\n'))
  }
}

function problemLines(problems: { at: PropertyKey[]; path: string; message: string }[]): string[] {
  const [file, text] = [...readFiles][0] ?? []
  const lines = text ? jsonLines(text) : null
  return problems.map((p) => {
    const line = lines ? lineOf(lines, p.at) : null
    return `error: ${file ? `${file}${line ? `:${line}` : ''}: ` : ''}${p.path}: ${p.message}`
  })
}

async function execute(env: Env, command: CommandName, args: Record<string, unknown>) {
  for (const warning of lockDownDataDir(env.DATA_DIR)) process.stderr.write(warning + '\n')
  // PostgreSQL takes many clients; only the embedded database must be left to a running server.
  const server = env.DATABASE_URL ? null : runningServer(env.DATA_DIR)
  if (server) return viaServer(server, env.DATA_DIR, command, args)
  const release = env.DATABASE_URL ? () => {} : acquireCliLock(env.DATA_DIR)
  try {
    const database = await connect({ databaseUrl: env.DATABASE_URL, dataDir: path.join(env.DATA_DIR, 'db') })
    if (!env.DATABASE_URL) makePrivate(path.join(env.DATA_DIR, 'db'))
    try {
      return await runCommand(database.db, command, args, commandDeps(env))
    } finally {
      await database.close()
    }
  } finally {
    release()
  }
}

async function viaServer(server: ServerHandoff, dataDir: string, command: CommandName, args: Record<string, unknown>) {
  const host = connectAddress(server.host)
  const where = `${host.includes(':') ? `[${host}]` : host}:${server.port}`
  const file = serverInfoPath(dataDir)
  const post = async (
    body: string,
    headers: Record<string, string> = {},
    timeoutMs?: number,
    onLine?: (line: string) => void,
  ) => {
    try {
      return await postJson(host, server.port, body, headers, timeoutMs, onLine)
    } catch (err) {
      // The process announced in the hand-off file runs (its pid is alive): never advise removing the file, which
      // would let a command open the database beside it.
      const cause = (err as NodeJS.ErrnoException).code ?? (err as Error).message
      throw new Error(
        `the server (pid ${server.pid}) announced in ${file} does not answer at ${where} (${cause}); it may be ` +
          'starting or busy: try again shortly, or stop that server and run the command without it',
      )
    }
  }
  const notOurs = `the process at ${where} is not the server that wrote ${file}; nothing was sent to it`
  // First the server proves it knows the token, before anything of the command leaves this process.
  const nonce = crypto.randomBytes(24).toString('base64url')
  // A server answers this at once; a command (an import) may take minutes and gets no time limit.
  const hello = await post(JSON.stringify({ hello: nonce }), {}, HELLO_TIMEOUT_MS)
  if (hello.status === 403)
    throw new Error(
      `the server (pid ${server.pid}) listens on ${server.host}, not on loopback, and takes admin commands over ` +
        'loopback only: stop it and run the command again, or let it listen on 127.0.0.1 or 0.0.0.0',
    )
  const greeting = parseAnswer(hello.text) as { proof?: unknown; challenge?: unknown } | null
  if (
    hello.status !== 200 ||
    typeof greeting?.proof !== 'string' ||
    typeof greeting.challenge !== 'string' ||
    !tokenMatches(handoffProof(server.token, 'server', nonce), greeting.proof)
  )
    throw new Error(notOurs)
  const challenge = greeting.challenge

  // The server sends the progress of a long command as lines while it runs (shown on stderr), the answer last.
  const shown = new ServerProgress()
  const res = await post(
    JSON.stringify({ command, args }),
    { Authorization: handoffAuthorization(server.token, challenge), Accept: STREAM_TYPE },
    undefined,
    (line) => shown.line(line),
  )
  shown.end()
  const { text, signature } = signedAnswer(res)
  // The answer counts only when the server signed it.
  if (
    typeof signature !== 'string' ||
    !tokenMatches(handoffProof(server.token, 'answer', `${challenge}\n${sha256(text)}`), signature)
  )
    throw new Error(`the answer from ${where} is not signed by the server that wrote ${file}; it was not used`)
  const body = (parseAnswer(text) ?? {}) as { ok?: boolean; output?: unknown; error?: unknown; problems?: unknown }
  if (!body.ok && Array.isArray(body.problems) && body.problems.length) throw new ProblemsError(body.problems)
  if (!body.ok) throw new Error(typeof body.error === 'string' ? body.error : `the server answered HTTP ${res.status}`)
  return { output: Array.isArray(body.output) ? body.output.map(String) : [] }
}

const STREAM_TYPE = 'application/x-ndjson'

/** The answer's text and the server's signature: from the last line of a streamed answer, else body and header. */
function signedAnswer(res: Answer): { text: string; signature: unknown } {
  if (!String(res.headers['content-type'] ?? '').startsWith(STREAM_TYPE))
    return { text: res.text, signature: res.headers['x-admin-proof'] }
  const last = parseAnswer(res.text.trimEnd().split('\n').at(-1) ?? '')
  return { text: typeof last?.answer === 'string' ? last.answer : '', signature: last?.proof }
}

/**
 * The progress lines of a command the server runs, shown as for a command run here. Only known labels and plain
 * counts are shown: nothing the server sends reaches the terminal as text of its own.
 */
class ServerProgress {
  private shown: Progress | null = null
  private label = ''

  line(text: string) {
    const p = parseAnswer(text)?.progress as Record<string, unknown> | undefined
    if (!p || !isCommand(String(p.label)) || typeof p.unit !== 'string' || !/^[a-z]{1,20}$/.test(p.unit)) return
    const count = (n: unknown) => (Number.isSafeInteger(n) && (n as number) >= 0 ? (n as number) : 0)
    if (!this.shown || this.label !== p.label) {
      this.shown?.finish()
      this.label = String(p.label)
      this.shown = progress(this.label, p.unit)
    }
    this.shown.update(count(p.done), count(p.total))
    if (p.finished === true) this.end()
  }

  end() {
    this.shown?.finish()
    this.shown = null
  }
}

function parseAnswer(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text)
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null
  } catch {
    return null
  }
}

const HELLO_TIMEOUT_MS = 10_000

interface Answer {
  status: number
  headers: http.IncomingHttpHeaders
  text: string
}

/** POST to the server's /admin/cli (node:http rather than fetch, which refuses some ports such as 6000). */
function postJson(
  host: string,
  port: number,
  body: string,
  headers: Record<string, string>,
  timeoutMs?: number,
  onLine?: (line: string) => void,
): Promise<Answer> {
  const origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host,
        port,
        path: '/admin/cli',
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(body),
          // The server rejects state-changing requests from foreign origins (CSRF check); this is its own.
          Origin: origin,
          ...headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = []
        // A streamed answer: each complete line as it arrives.
        const lines = onLine && String(response.headers['content-type'] ?? '').startsWith(STREAM_TYPE)
        const decoder = new StringDecoder('utf8')
        let pending = ''
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk)
          if (!lines) return
          pending += decoder.write(chunk)
          const complete = pending.split('\n')
          pending = complete.pop() ?? ''
          for (const line of complete) if (line) onLine(line)
        })
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        )
        response.on('error', reject)
      },
    )
    request.on('error', reject)
    if (timeoutMs)
      request.setTimeout(timeoutMs, () => request.destroy(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })))
    request.end(body)
  })
}

const oneLine = (err: unknown) => (err instanceof Error ? err.message : String(err)).replace(/\s*\n\s*/g, '; ')

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv
  if (command === 'help' || command === '--help' || command === '-h' || rest.includes('--help')) {
    process.stdout.write(USAGE + '\n')
    return 0
  }
  try {
    if (!command) throw new CommandError('no command given (npm run admin -- help)')
    if (!isCommand(command)) throw new CommandError(`unknown command '${command}' (npm run admin -- help)`)
    const args = commandArgs(command, rest)
    const { output } = await execute(loadEnv(), command, args)
    for (const line of output) process.stdout.write(line + '\n')
    return 0
  } catch (err) {
    const problems = err instanceof ImportError || err instanceof ProblemsError ? err.problems : null
    if (problems && problems.length) {
      for (const line of problemLines(problems)) process.stderr.write(line.replace(/\s*\n\s*/g, '; ') + '\n')
      process.stderr.write(`error: ${problems.length} problem(s); nothing was written\n`)
    } else process.stderr.write(`error: ${oneLine(err)}\n`)
    return 1
  }
}

// Everything this command creates (the database's files, mails, status lists, exports) is its owner's alone.
process.umask(0o077)
process.exitCode = await main(process.argv.slice(2))
