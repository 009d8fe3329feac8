// DATA_DIR holds the database with its write-ahead log, the outbox's mails and the secrets: only the account that
// runs the app may read any of it. The server and the CLI set the process umask to 077 at start, so what they create
// is private (files 0600, directories 0700); this check, run before the database opens, makes private what an earlier
// version or another tool left readable, and says loudly when DATA_DIR itself lets other users in.
import fs from 'node:fs'
import path from 'node:path'

const OTHERS = 0o077

/** Makes DATA_DIR's content private; returns the warnings to show (empty when DATA_DIR itself is private). */
export function lockDownDataDir(dataDir: string): string[] {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  const mode = fs.statSync(dataDir).mode & 0o777
  makePrivate(dataDir)
  return mode & OTHERS
    ? [
        `WARNING: DATA_DIR ${dataDir} can be read by other users of this machine (mode ${mode.toString(8)}); ` +
          `its files were made private, but make the directory private too: chmod 700 ${dataDir}`,
      ]
    : []
}

/**
 * Takes group and other permissions off everything below dir that this account owns (directories too), and off dir.
 * PGlite sets its own modes on the files it creates (0666, 0644) whatever the umask, so the database directory is
 * made private again once the database is open: its files are then out of reach through it.
 */
export function makePrivate(dir: string): void {
  const uid = process.getuid?.()
  const tighten = (file: string) => {
    const stat = fs.lstatSync(file)
    if (stat.isSymbolicLink() || (uid !== undefined && stat.uid !== uid)) return
    if (stat.mode & OTHERS) fs.chmodSync(file, stat.mode & 0o700)
    if (stat.isDirectory()) for (const name of fs.readdirSync(file)) tighten(path.join(file, name))
  }
  tighten(dir)
}
