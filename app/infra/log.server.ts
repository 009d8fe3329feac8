// Structured JSON logs (pino): one line per event, info and debug on stdout, warn and error on stderr.
// Every line written while a request is handled carries its request id (server/server.mjs runs each request in
// withRequestId). Never personal data: before a line is written, values under the keys of REDACT_KEYS (e-mail,
// passwords, tokens, sessions, cookies, coordinates, names, free text) are replaced by "[redacted]", and e-mail
// addresses, long random tokens, coordinate pairs and token-like query parameters inside any string are masked too.
import { AsyncLocalStorage } from 'node:async_hooks'
import pino, { type DestinationStream, type Logger } from 'pino'

type Fields = Record<string, unknown> & { msg: string }
type Level = 'silent' | 'error' | 'warn' | 'info' | 'debug'
const LEVELS: readonly Level[] = ['silent', 'error', 'warn', 'info', 'debug']

/** Keys whose values never reach a log line (compared case-insensitively, ignoring '-' and '_'). */
export const REDACT_KEYS = [
  // accounts
  'email',
  'emailaddr',
  'emailaddress',
  'idstr',
  'mail',
  'to',
  'from',
  'replyto',
  'phone',
  'contactbyphoneno',
  'contactbyemail',
  'firstname',
  'lastname',
  'alias',
  'address',
  // secrets
  'password',
  'pwd',
  'currentpassword',
  'newpassword',
  'confirmpassword',
  'passwordhash',
  'secret',
  'sessionsecret',
  'token',
  'tokenhash',
  'session',
  'sessiontoken',
  'verstr',
  'verificationstr',
  'cookie',
  'setcookie',
  'authorization',
  // places
  'lat',
  'lon',
  'lng',
  'latitude',
  'longitude',
  'geom',
  'geometry',
  'coords',
  'coordinates',
  'point',
  'position',
  'startpoi',
  'endpoi',
  'poi',
  'pois',
  // free text typed by participants
  'text',
  'resps',
  'remark',
  'fdbkremark',
  'desc',
] as const

const redactKeys = new Set<string>(REDACT_KEYS)
const normalise = (key: string) => key.toLowerCase().replace(/[-_]/g, '')
const REDACTED = '[redacted]'

const EMAIL = /[A-Za-z0-9._%+-]+(?:@|%40)[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g
const QUERY_SECRET = /([?&](?:email|verstr|token|session|password)=)[^&\s"']*/gi
const COORD_PAIR = /-?\d{1,3}\.\d{3,}\s*[,; ]\s*-?\d{1,3}\.\d{3,}/g
/** 32+ characters of base64url or hex without a break: session tokens, reset links, hashes. */
const LONG_TOKEN = /\b[A-Za-z0-9_-]{32,}\b/g

/** Database errors quote the statement's parameters (names, coordinates, hashes): never log them. */
const QUERY_PARAMS = /\bparams: [^\n]*/g

function scrubString(s: string): string {
  return s
    .replace(QUERY_PARAMS, `params: ${REDACTED}`)
    .replace(QUERY_SECRET, `$1${REDACTED}`)
    .replace(EMAIL, '[email]')
    .replace(COORD_PAIR, '[coords]')
    .replace(LONG_TOKEN, '[token]')
}

/** A copy of value fit for a log line (see the file comment). Exported for the test. */
export function scrub(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrubString(value)
  if (value === null || typeof value !== 'object') return value
  if (depth > 6) return '[deep]'
  if (value instanceof Error) return scrubString(value.stack ?? value.message)
  if (value instanceof Date) return value.toISOString()
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => scrub(v, depth + 1))
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(value))
    out[k] = redactKeys.has(normalise(k)) ? REDACTED : k === 'requestId' ? v : scrub(v, depth + 1)
  return out
}

// ---------------------------------------------------------------------------------------------------------------

const requestStore = new AsyncLocalStorage<{ requestId: string }>()

/** Runs fn with a request id that every log line written inside it (sync or async) carries. */
export function withRequestId<T>(requestId: string, fn: () => T): T {
  return requestStore.run({ requestId }, fn)
}

function initialLevel(): Level {
  const wanted = (process.env.LOG_LEVEL ?? 'info') as Level
  let level: Level = LEVELS.includes(wanted) ? wanted : 'info'
  // Tests: no info noise (an explicit stricter level still applies).
  if ((process.env.VITEST || process.env.NODE_ENV === 'test') && LEVELS.indexOf(level) > LEVELS.indexOf('warn'))
    level = 'warn'
  return level
}

/** A pino logger writing JSON lines to dest (default: stdout for info/debug, stderr for warn/error). */
export function createLogger(dest?: DestinationStream, level: Level = initialLevel()): Logger {
  const stream =
    dest ??
    pino.multistream(
      [
        { level: 'debug', stream: pino.destination({ fd: 1, sync: true }) },
        { level: 'warn', stream: pino.destination({ fd: 2, sync: true }) },
      ],
      { dedupe: true },
    )
  return pino(
    {
      level,
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin: () => {
        const store = requestStore.getStore()
        return store ? { requestId: store.requestId } : {}
      },
    },
    stream,
  )
}

/** The log API every caller uses: log.info({ msg: '…', …fields }). */
export function makeLog(logger: Logger) {
  const write = (level: Exclude<Level, 'silent'>) => (fields: Fields) => {
    if (!logger.isLevelEnabled(level)) return
    logger[level](scrub(fields) as Fields)
  }
  return {
    error: write('error'),
    warn: write('warn'),
    info: write('info'),
    debug: write('debug'),
    setLevel: (l: Level) => void (logger.level = l),
  }
}

export const log = makeLog(createLogger())
