// Configuration from environment variables (their names and defaults are fixed for operators), checked once at boot with a clear message.
import fs from 'node:fs'
import path from 'node:path'
import crypto from 'node:crypto'
import { z } from 'zod'
import type { Locale } from '~/domain/locale'

const flag = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true')

const DEFAULT_PROJECT_TITLE = 'Wegetagebuch – Mobilitätsstudie'
const DEFAULT_STUDY_TIME_ZONE = 'Europe/Berlin'
const DEFAULT_REMIND_INTERVAL_DAYS = 7

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  // Unset: see listenHost (the demo's known login stays on this machine).
  HOST: z
    .string()
    .optional()
    .transform((v) => v || undefined),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  PUBLIC_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MAIL_FROM: z.string().default('Wegetagebuch <noreply@travel-diary.local>'),
  SESSION_SECRET: z.string().optional(),
  DEMO: z.enum(['0', '1']).default('1'),
  DEBUG_MODE: flag,
  DEV_MODE: flag,
  MAP_TILE_URL: z.string().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  // The credit the tile server's licence asks for, shown on every map drawn from its tiles.
  MAP_TILE_ATTRIBUTION: z.string().default('© OpenStreetMap contributors'),
  STATIC_MAP_URL: z.string().optional(),
  STATIC_MAP_KEY: z.string().optional(),
  // A public Nominatim-compatible service by default; the empty string switches it off (own places only).
  GEOCODER_URL: z
    .string()
    .default('https://nominatim.openstreetmap.org/search')
    .pipe(z.union([z.literal('').transform(() => undefined), z.string().url()])),
  APP_STORE_URL: z.string().url().default('https://apps.apple.com/app/id0000000000'),
  PLAY_STORE_URL: z.string().url().default('https://play.google.com/store/apps/details?id=org.example.traveldiary'),
  PROJECT_TITLE: z.string().default(DEFAULT_PROJECT_TITLE),
  // The title in English pages; unset: PROJECT_TITLE (or, while that is the default, its English counterpart).
  PROJECT_TITLE_EN: z
    .string()
    .optional()
    .transform((v) => v || undefined),
  STUDY_TIME_ZONE: z.string().default(DEFAULT_STUDY_TIME_ZONE),
  TRIPS_PAGE_LIMIT: z.coerce.number().int().min(1).max(100).default(10),
  SERVICE_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  LOG_LEVEL: z.enum(['silent', 'error', 'warn', 'info', 'debug']).default('info'),
})

export type Env = Omit<z.infer<typeof EnvSchema>, 'HOST'> & {
  HOST: string
  sessionSecrets: string[]
  publicUrl: string
}

let cached: Env | undefined

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = EnvSchema.safeParse(source)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new Error(`Invalid configuration (environment variables):\n${lines.join('\n')}`)
  }
  const env = parsed.data
  const dataDir = path.resolve(env.DATA_DIR)
  const sessionSecrets = (env.SESSION_SECRET ?? generatedSecret(dataDir, 'session-secret')).split(',').filter(Boolean)
  return {
    ...env,
    HOST: listenHost(env.HOST, env.DEMO),
    DATA_DIR: dataDir,
    sessionSecrets,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
  }
}

/** The project's title in a page's (or mail's) language: an English page never carries the German title by default. */
export function projectTitle(env: Pick<Env, 'PROJECT_TITLE' | 'PROJECT_TITLE_EN'>, locale: Locale): string {
  if (locale !== 'en_US') return env.PROJECT_TITLE
  return (
    env.PROJECT_TITLE_EN ??
    (env.PROJECT_TITLE === DEFAULT_PROJECT_TITLE ? 'Travel diary – mobility study' : env.PROJECT_TITLE)
  )
}

/**
 * Where the server listens: HOST when it is set; else every interface (0.0.0.0), except while the demo study with its
 * published login is on (DEMO=1): then only this machine (127.0.0.1), so the demo is not reachable from the network
 * unless someone asks for it with HOST.
 */
export function listenHost(host: string | undefined, demo: '0' | '1'): string {
  return host ?? (demo === '1' ? '127.0.0.1' : '0.0.0.0')
}

/**
 * The study's time zone (STUDY_TIME_ZONE, empty or unset: Europe/Berlin): the days of the list and the times of imports
 * and exports. Read on its own, each time, for the commands and file checks that need nothing else of the configuration
 * (no session secret is generated for them).
 */
export function studyTimeZone(source: NodeJS.ProcessEnv = process.env): string {
  return source.STUDY_TIME_ZONE || DEFAULT_STUDY_TIME_ZONE
}

/**
 * Days before a participant may get another reminder (REMIND_INTERVAL_DAYS, whole days from 0; unset or not such a
 * number: 7). Read on its own, for the `remind` command.
 */
export function remindIntervalDays(source: NodeJS.ProcessEnv = process.env): number {
  const days = z.coerce
    .number()
    .int()
    .min(0)
    .safeParse(source.REMIND_INTERVAL_DAYS || undefined)
  return days.success ? days.data : DEFAULT_REMIND_INTERVAL_DAYS
}

export function getEnv(): Env {
  return (cached ??= loadEnv())
}

/** A secret generated once into DATA_DIR and reused by every later start. */
function generatedSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, 'secrets', name)
  try {
    return fs.readFileSync(file, 'utf8').trim()
  } catch {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 })
    const secret = crypto.randomBytes(32).toString('base64url')
    try {
      fs.writeFileSync(file, secret, { flag: 'wx', mode: 0o600 })
      return secret
    } catch {
      return fs.readFileSync(file, 'utf8').trim()
    }
  }
}
