// Structured JSON logs to stdout. Never log personal data (e-mail, coordinates, tokens).
type Fields = Record<string, unknown> & { msg: string }
const levels = { silent: 0, error: 1, warn: 2, info: 3, debug: 4 } as const
let threshold: number = levels[(process.env.LOG_LEVEL as keyof typeof levels) ?? 'info'] ?? 3
if (process.env.VITEST || process.env.NODE_ENV === 'test') threshold = Math.min(threshold, levels.warn)

function write(level: keyof typeof levels, fields: Fields) {
  if (levels[level] > threshold) return
  const line = JSON.stringify({ level, time: new Date().toISOString(), ...fields })
  if (level === 'error' || level === 'warn') process.stderr.write(line + '\n')
  else process.stdout.write(line + '\n')
}

export const log = {
  error: (f: Fields) => write('error', f),
  warn: (f: Fields) => write('warn', f),
  info: (f: Fields) => write('info', f),
  debug: (f: Fields) => write('debug', f),
  setLevel: (l: keyof typeof levels) => void (threshold = levels[l]),
}
