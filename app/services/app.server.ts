// Opening the application instance: the database (PGlite in DATA_DIR/db, or PostgreSQL with DATABASE_URL), the
// mailer, and the demo study seeded into an empty database. The web glue (app/lib/app.server.ts) holds the one
// instance of the process; it never opens the database itself.
import path from 'node:path'
import { connect } from '~/db/connect.server'
import { makePrivate } from '~/infra/datadir.server'
import type { Env } from '~/infra/env.server'
import { log } from '~/infra/log.server'
import { createMailer } from '~/infra/mailer.server'
import type { App } from './core.server'

export async function openApp(env: Env, opts: { seed?: boolean } = {}): Promise<App> {
  const database = await connect({ databaseUrl: env.DATABASE_URL, dataDir: path.join(env.DATA_DIR, 'db') })
  if (!env.DATABASE_URL) makePrivate(path.join(env.DATA_DIR, 'db'))
  const mailer = createMailer({
    smtpUrl: env.SMTP_URL,
    outboxDir: path.join(env.DATA_DIR, 'outbox'),
    from: env.MAIL_FROM,
  })
  const app = { env, database, mailer }
  if (opts.seed !== false && env.DEMO === '1') {
    const { seedDemoIfEmpty } = await import('./seed-demo.server')
    const seeded = await seedDemoIfEmpty(database.db, new Date())
    if (seeded) log.info({ msg: 'demo study seeded' })
  }
  return app
}
