// The application instance: configuration, database and mailer, created once per process (opened by the service
// layer's openApp: the web glue never touches the database itself).
import { openApp } from '~/services/app.server'
import type { App } from '~/services/core.server'
import { getEnv, type Env } from '~/infra/env.server'
import { log } from '~/infra/log.server'
import { sweepStaleRows } from '~/services/pending-posts.server'
import { lockDownDataDir } from '~/infra/datadir.server'

export type { App }

let appPromise: Promise<App> | undefined

export function getApp(): Promise<App> {
  return (appPromise ??= createApp(getEnv()))
}

async function createApp(env: Env, opts: { seed?: boolean } = {}): Promise<App> {
  for (const warning of lockDownDataDir(env.DATA_DIR)) log.warn({ msg: warning })
  // The embedded database can be opened by one process only: wait while an admin command holds it, then hold the
  // lock for as long as this process runs (released on exit), so no command opens the database beside us, also when
  // the hand-off file is missing (app/infra/handoff.server.ts).
  const release = env.DATABASE_URL ? () => {} : await waitForCliLock(env.DATA_DIR)
  try {
    const app = await openApp(env, opts)
    sweepPeriodically(app)
    return app
  } catch (err) {
    release()
    throw err
  }
}

async function waitForCliLock(dataDir: string): Promise<() => void> {
  const { acquireCliLock, cliLockHolder } = await import('~/infra/handoff.server')
  const deadline = Date.now() + 120_000
  while (cliLockHolder(dataDir) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250))
  return acquireCliLock(dataDir, 'server')
}

/** How often stale rows (posts kept for an expired session, long-expired sessions) are swept besides on write. */
const SWEEP_INTERVAL_MS = 3600 * 1000

function sweepPeriodically(app: App) {
  const sweep = () =>
    sweepStaleRows(app.database.db, new Date()).catch((e: unknown) =>
      log.warn({ msg: 'sweep of stale rows failed', error: String(e) }),
    )
  void sweep()
  setInterval(sweep, SWEEP_INTERVAL_MS).unref()
}
