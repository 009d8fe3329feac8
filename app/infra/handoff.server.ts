// CLI → server hand-off: the CLI works whether or not a server runs on the same data. The embedded PGlite database can be opened by one process only, so while
// a server runs on a DATA_DIR the admin CLI sends its commands to that server instead of opening the database.
// The server announces itself in DATA_DIR/server.json: { pid, host, port, token }, readable by its owner only (0600).
// The token never travels: the CLI first asks the address the server listens on to prove it knows the token (an
// HMAC of the CLI's fresh nonce) and only then sends its command, authorised by an HMAC of a one-time challenge the
// server issued; the server signs its answer the same way. So a process that took the port (or another address on
// it) learns nothing and cannot forge an answer, and only someone who can read the server's data directory gets in.
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { z } from 'zod'

export interface ServerHandoff {
  pid: number
  /** The address the server listens on, as it reported it ('0.0.0.0', '::', '127.0.0.1', …). */
  host: string
  port: number
  token: string
}

const HandoffSchema = z.object({
  pid: z.number().int().positive(),
  host: z.string().min(1).max(100),
  port: z.number().int().min(1).max(65535),
  token: z.string().min(32),
})

export function serverInfoPath(dataDir: string): string {
  return path.join(dataDir, 'server.json')
}

/** Called by the server once it listens. Returns what it wrote (with the fresh token). */
export function writeServerInfo(dataDir: string, info: { pid: number; host: string; port: number }): ServerHandoff {
  const handoff: ServerHandoff = { ...info, token: crypto.randomBytes(32).toString('base64url') }
  fs.mkdirSync(dataDir, { recursive: true })
  const file = serverInfoPath(dataDir)
  // Write a private temporary file, then rename: a reader never sees a half-written file or a readable token.
  const tmp = `${file}.${process.pid}.tmp`
  fs.rmSync(tmp, { force: true })
  fs.writeFileSync(tmp, JSON.stringify(handoff) + '\n', { mode: 0o600, flag: 'wx' })
  fs.renameSync(tmp, file)
  return handoff
}

/** Called by the server on exit; leaves the file alone if another server (pid) has written it since. */
export function removeServerInfo(dataDir: string, pid: number = process.pid): void {
  const current = readServerInfo(dataDir)
  if (current && current.pid !== pid) return
  fs.rmSync(serverInfoPath(dataDir), { force: true })
}

/** The announced server, or null when there is no (readable, well-formed) server.json. */
export function readServerInfo(dataDir: string): ServerHandoff | null {
  try {
    const parsed = HandoffSchema.safeParse(JSON.parse(fs.readFileSync(serverInfoPath(dataDir), 'utf8')))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0) // signal 0: only checks that the process exists
    return true
  } catch (err) {
    // EPERM: it exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** The server running on this DATA_DIR, if any (a server.json left by a crashed server is ignored). */
export function runningServer(dataDir: string): ServerHandoff | null {
  const info = readServerInfo(dataDir)
  return info && isProcessAlive(info.pid) ? info : null
}

/** Constant-time comparison (hashing first makes the lengths equal). */
export function tokenMatches(expected: string, given: string): boolean {
  const digest = (s: string) => crypto.createHash('sha256').update(s).digest()
  return crypto.timingSafeEqual(digest(expected), digest(given))
}

/** What proves knowledge of the token for one purpose ('server', 'client', 'answer') and one piece of data. */
export function handoffProof(token: string, purpose: string, data: string): string {
  return crypto.createHmac('sha256', token).update(`${purpose}\n${data}`).digest('base64url')
}

export const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('base64url')

/** The Authorization header of a handed-off command: the server's challenge and the CLI's proof for it. */
export function handoffAuthorization(token: string, challenge: string): string {
  return `TD-Admin ${challenge} ${handoffProof(token, 'client', challenge)}`
}

// One-time challenges the server issued, each valid for a minute and for one command.
const CHALLENGE_MS = 60_000
const challenges = new Map<string, number>()

export function issueChallenge(now = Date.now()): string {
  for (const [c, expires] of challenges) if (expires <= now) challenges.delete(c)
  const challenge = crypto.randomBytes(24).toString('base64url')
  challenges.set(challenge, now + CHALLENGE_MS)
  return challenge
}

/**
 * The challenge of a well-formed, correctly proven Authorization header that is still open, or null. Taking it
 * (`take`) closes it, so a command runs once per challenge.
 */
export function provenChallenge(dataDir: string, header: string | null | undefined, take: boolean): string | null {
  const m = /^TD-Admin ([A-Za-z0-9_-]{16,64}) ([A-Za-z0-9_-]{16,64})$/.exec(header ?? '')
  const info = m && readServerInfo(dataDir)
  if (!m || !info) return null
  const [, challenge, proof] = m as unknown as [string, string, string]
  const expires = challenges.get(challenge)
  if (!expires || expires <= Date.now()) return null
  if (!tokenMatches(handoffProof(info.token, 'client', challenge), proof)) return null
  if (take) challenges.delete(challenge)
  return challenge
}

// PGlite takes no lock of its own: two processes opening DATA_DIR/db at once can corrupt it. One lock file guards it:
// a server holds it from before it opens the database until it exits, an admin command that opens the database
// itself holds it while it runs. The file holds the holder's pid (and "server" for a server); a lock whose process is
// gone is stale and taken over. An operator's own `echo $$ > cli.lock` (a backup) counts as a command.

function cliLockPath(dataDir: string): string {
  return path.join(dataDir, 'cli.lock')
}

export interface LockHolder {
  pid: number
  server: boolean
}

/** The live process (other than this one) holding the embedded database, or null. */
export function cliLockHolder(dataDir: string): LockHolder | null {
  try {
    const m = /^\s*(\d+)(\s+server)?\s*$/.exec(fs.readFileSync(cliLockPath(dataDir), 'utf8'))
    const pid = Number(m?.[1])
    if (!m || !(Number.isInteger(pid) && pid > 0) || pid === process.pid || !isProcessAlive(pid)) return null
    return { pid, server: !!m[2] }
  } catch {
    return null
  }
}

/** Why the database cannot be opened now, for the operator: never advice that would break a running server. */
function lockHeldMessage(holder: LockHolder): string {
  return holder.server
    ? `a server (pid ${holder.pid}) holds the embedded database; it takes commands once it is up (wait for it, or ` +
        'stop it and run the command again)'
    : `another admin command (pid ${holder.pid}) is using the database; try again when it has finished`
}

/** Takes the lock (a stale one left by a killed process is taken over); returns its release function. */
export function acquireCliLock(dataDir: string, role: 'cli' | 'server' = 'cli'): () => void {
  fs.mkdirSync(dataDir, { recursive: true })
  const file = cliLockPath(dataDir)
  const content = role === 'server' ? `${process.pid} server` : String(process.pid)
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, content, { flag: 'wx', mode: 0o600 })
      // Released once: by the holder, or on exit (a server's lock lasts as long as the process).
      let held = true
      const release = () => {
        if (held && cliLockHolderPid(file) === process.pid) fs.rmSync(file, { force: true })
        held = false
      }
      process.once('exit', release)
      return release
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
      const holder = cliLockHolder(dataDir)
      if (holder) throw new Error(lockHeldMessage(holder))
      fs.rmSync(file, { force: true })
    }
  }
  throw new Error(`cannot take the lock ${file}`)
}

function cliLockHolderPid(file: string): number | null {
  try {
    return Number(/^\s*(\d+)/.exec(fs.readFileSync(file, 'utf8'))?.[1])
  } catch {
    return null
  }
}
