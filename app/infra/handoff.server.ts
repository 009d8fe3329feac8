// CLI → server hand-off: the CLI works whether or not a server runs on the same data. The embedded PGlite database can be opened by one process only, so while
// a server runs on a DATA_DIR the admin CLI sends its commands to that server instead of opening the database.
// The server announces itself in DATA_DIR/server.json: { pid, port, token }, readable by its owner only (0600);
// knowing the token (i.e. being able to read that file) is what authorises a CLI request.
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { z } from 'zod'

export interface ServerHandoff {
  pid: number
  port: number
  token: string
}

const HandoffSchema = z.object({
  pid: z.number().int().positive(),
  port: z.number().int().min(1).max(65535),
  token: z.string().min(32),
})

export function serverInfoPath(dataDir: string): string {
  return path.join(dataDir, 'server.json')
}

/** Called by the server once it listens. Returns what it wrote (with the fresh token). */
export function writeServerInfo(dataDir: string, info: { pid: number; port: number }): ServerHandoff {
  const handoff: ServerHandoff = { pid: info.pid, port: info.port, token: crypto.randomBytes(32).toString('base64url') }
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

/** Constant-time token comparison (hashing first makes the lengths equal). */
export function tokenMatches(expected: string, given: string): boolean {
  const digest = (s: string) => crypto.createHash('sha256').update(s).digest()
  return crypto.timingSafeEqual(digest(expected), digest(given))
}

// PGlite takes no lock of its own: two processes opening DATA_DIR/db at once can corrupt it. The hand-off covers a
// running server; this lock covers an admin command that opens the database itself, against a second command
// and (if the server checks cliLockHolder before opening the database) against a server starting meanwhile.

function cliLockPath(dataDir: string): string {
  return path.join(dataDir, 'cli.lock')
}

/** The pid of a live admin command holding the embedded database, or null. */
export function cliLockHolder(dataDir: string): number | null {
  try {
    const pid = Number(fs.readFileSync(cliLockPath(dataDir), 'utf8').trim())
    return Number.isInteger(pid) && pid > 0 && pid !== process.pid && isProcessAlive(pid) ? pid : null
  } catch {
    return null
  }
}

/** Takes the lock (a stale one left by a killed command is taken over); returns its release function. */
export function acquireCliLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true })
  const file = cliLockPath(dataDir)
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx', mode: 0o600 })
      return () => fs.rmSync(file, { force: true })
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
      const holder = cliLockHolder(dataDir)
      if (holder)
        throw new Error(`another admin command (pid ${holder}) is using the database; try again when it has finished`)
      fs.rmSync(file, { force: true })
    }
  }
  throw new Error(`cannot take the lock ${file}`)
}
