// DATA_DIR holds the database with its write-ahead log, the outbox's mails and the secrets: only the account that
// runs the app may read any of it. The server and the CLI set the process umask to 077 at start, so what they create
// is private (files 0600, directories 0700); this check, run before the database opens, makes private what an earlier
// version or another tool left readable, and says loudly when DATA_DIR itself lets other users in.
import fs from 'node:fs'
import path from 'node:path'

const OTHERS = 0o077

/** Makes DATA_DIR's content private; returns the warnings to show (empty when all was private already). */
export function lockDownDataDir(dataDir: string): string[] {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  const warnings: string[] = []
  const mode = fs.statSync(dataDir).mode & 0o777
  if (mode & OTHERS)
    warnings.push(
      `WARNING: DATA_DIR ${dataDir} can be read by other users of this machine (mode ${mode.toString(8)}); ` +
        `its files are private, but make the directory private too: chmod 700 ${dataDir}`,
    )
  const uid = process.getuid?.()
  let tightened = 0
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.isSymbolicLink()) continue
      const file = path.join(dir, entry.name)
      const stat = fs.statSync(file)
      if ((uid === undefined || stat.uid === uid) && stat.mode & OTHERS) {
        fs.chmodSync(file, stat.mode & 0o700)
        tightened++
      }
      if (entry.isDirectory()) walk(file)
    }
  }
  walk(dataDir)
  if (tightened)
    warnings.push(`WARNING: ${tightened} file(s) under DATA_DIR ${dataDir} were readable by other users; made private`)
  return warnings
}
