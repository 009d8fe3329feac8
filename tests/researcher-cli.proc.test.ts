// The researcher CLI's file, status and reminder commands as a researcher runs them: `node --import tsx
// app/cli/admin.ts …` as a child process, first while a server holds the embedded database (the commands are handed
// to it), then with the server stopped (the CLI opens the database itself). Problems point at their file lines
// either way; status writes its CSV and its offline HTML page; remind's mails land in the outbox (no SMTP_URL).
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ROOT, runNode, startServer, tempDir, type ChildResult, type ServerProcess } from './proc'

function admin(dataDir: string, args: string[], extra: Record<string, string> = {}): Promise<ChildResult> {
  // Under vitest the logger keeps quiet below warn; a child asked for info logs must not inherit that.
  const unset = ['SMTP_URL', ...(extra.LOG_LEVEL ? ['VITEST', 'NODE_ENV'] : [])]
  return runNode(['--import', 'tsx', 'app/cli/admin.ts', ...args], { DATA_DIR: dataDir, ...extra }, unset)
}

let dir: string
let dataDir: string
let server: ServerProcess | null = null
let badFile: string
let goodFile: string

beforeAll(async () => {
  dir = tempDir('researcher-cli')
  dataDir = path.join(dir, 'data')
  // A file with three problems, on known lines.
  const example = JSON.parse(fs.readFileSync(path.join(ROOT, 'docs/examples/campaign.json'), 'utf8'))
  example.startTime = '8 Uhr'
  example.contactByEmail = 'call us'
  example.tripPurposes[0].id = 'one'
  badFile = path.join(dir, 'bad.json')
  fs.writeFileSync(badFile, JSON.stringify(example, null, 2))
  goodFile = path.join(ROOT, 'docs/examples/campaign.json')
  server = await startServer({ dataDir, demo: true })
})
afterAll(async () => {
  await server?.kill()
  fs.rmSync(dir, { recursive: true, force: true })
})

const lineOf = (file: string, text: string) =>
  fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .findIndex((l) => l.includes(text)) + 1

function expectProblems(r: { code: number | null; stderr: string }) {
  expect(r.code).toBe(1)
  const lines = r.stderr.trim().split('\n')
  expect(lines).toEqual([
    `error: ${badFile}:${lineOf(badFile, '"startTime"')}: startTime: expected HH:mm or HH:mm:ss`,
    `error: ${badFile}:${lineOf(badFile, '"contactByEmail"')}: contactByEmail: not an e-mail address`,
    `error: ${badFile}:${lineOf(badFile, '"one"')}: tripPurposes[0].id: Invalid input: expected number, received string`,
    'error: 3 problem(s); nothing was written',
  ])
}

describe('with the server running (handed to it)', () => {
  test('an import reports every problem with its line; --dry-run writes nothing', async () => {
    expectProblems(await admin(dataDir, ['campaign:import', '--file', badFile]))
    const dry = await admin(dataDir, ['campaign:import', '--file', goodFile, '--dry-run'])
    expect(dry.stderr).toBe('')
    expect(dry.stdout).toBe('dry run: the file is valid and would import; nothing was written\n')
    // Nothing was written: the real import still finds the ids free.
    const real = await admin(dataDir, ['campaign:import', '--file', goodFile])
    expect(real.code).toBe(0)
    expect(real.stdout).toMatch(/^imported campaign "Pendeln in Potsdam 2026"/)
  })

  test('campaign:export writes a file campaign:import accepts', async () => {
    const r = await admin(dataDir, ['campaign:export', '--campaign', '1'])
    expect(r.code).toBe(0)
    const file = JSON.parse(r.stdout)
    expect(file.name).toBe('Mobil in Berlin 2026')
    expect(file.questionnaires.length).toBeGreaterThan(0)
  })

  test('status prints the table and the study line, writes CSV and HTML; remind --dry-run sends nothing', async () => {
    const csv = path.join(dir, 'status.csv')
    const html = path.join(dir, 'status.html')
    const r = await admin(dataDir, ['status', '--campaign', '1', '--csv', csv, '--html', html])
    expect(r.stderr).toBe('')
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(/^participant +ways_recorded/m)
    expect(r.stdout).toMatch(/^study: 2 participants, \d+ ways recorded, \d+ confirmed \([\d.]+ %\)/m)
    expect(r.stdout).not.toContain('@')
    expect(fs.readFileSync(csv, 'utf8')).toMatch(/^participant,ways_recorded,/)
    expect(fs.readFileSync(html, 'utf8')).toContain('<svg')

    const outbox = path.join(dataDir, 'outbox')
    const mails = () => (fs.existsSync(outbox) ? fs.readdirSync(outbox).length : 0)
    const before = mails()
    const remind = await admin(dataDir, ['remind', '--campaign', '1', '--inactive-days', '0', '--dry-run'])
    expect(remind.code).toBe(0)
    expect(remind.stdout).toMatch(/^dry run: would send [1-9]\d* reminder/m)
    expect(mails()).toBe(before)
  })
})

describe('a long trips import handed to the server', () => {
  // Long enough to pass the CLI's two quiet seconds on any machine: 40 ways a day (the cap is 50) on 150 days.
  const WAYS = 6000
  const file = () => {
    const ways = Array.from({ length: WAYS }, (_, i) => {
      const d = new Date(Date.UTC(2026, 0, 1 + Math.floor(i / 40))).toISOString().slice(0, 10)
      const m = (i % 40) * 15
      const hm = (n: number) => `${String(Math.floor(n / 60)).padStart(2, '0')}:${String(n % 60).padStart(2, '0')}`
      return {
        id: `bulk-${i}`,
        legs: [
          {
            startTime: `${d} ${hm(m)}`,
            endTime: `${d} ${hm(m + 10)}`,
            geom: [
              { lat: 52.5 + i / 100_000, lon: 13.4 },
              { lat: 52.51 + i / 100_000, lon: 13.41 },
            ],
            tfcModes: ['WALK'],
            tripPurposes: [1],
          },
        ],
      }
    })
    const name = path.join(dir, 'bulk.json')
    fs.writeFileSync(name, JSON.stringify(ways))
    return name
  }

  test('shows its progress on stderr while the server works, then the summary; a second run adds nothing', async () => {
    const email = 'bulk@example.org'
    expect(
      (await admin(dataDir, ['user:create', '--email', email, '--password', 'secret123', '--campaign', '1'])).code,
    ).toBe(0)
    const bulk = file()
    const r = await admin(dataDir, ['trips:import', '--email', email, '--file', bulk])
    expect(r.code).toBe(0)
    expect(r.stdout).toBe(`imported ${WAYS} new (${WAYS} legs), 0 already present, 0 changed for ${email}\n`)
    const lines = r.stderr.trim().split('\n')
    // Progress lines first (count of the total, rate, time left), the one-line summary last.
    expect(lines.length).toBeGreaterThanOrEqual(2)
    for (const line of lines.slice(0, -1))
      expect(line).toMatch(new RegExp(`^trips:import: \\d+ of ${WAYS} ways \\(\\d+/s(, [\\d.]+ s left)?\\)$`))
    expect(lines.at(-1)).toMatch(new RegExp(`^trips:import: ${WAYS} ways in [\\d.]+ s \\(\\d+/s\\)$`))

    const again = await admin(dataDir, ['trips:import', '--email', email, '--file', bulk])
    expect(again.code).toBe(0)
    expect(again.stdout).toBe(`imported 0 new (0 legs), ${WAYS} already present, 0 changed for ${email}\n`)
  })
})

describe('with the server stopped (the CLI opens the database)', () => {
  beforeAll(async () => {
    await server?.kill()
    server = null
  })

  test('the same problems with the same lines', async () => {
    expectProblems(await admin(dataDir, ['campaign:import', '--file', badFile]))
  })

  test('status and remind: one mail per quiet participant, not twice', async () => {
    const s = await admin(dataDir, ['status', '--campaign', '1', '--with-identity'])
    expect(s.code).toBe(0)
    expect(s.stdout).toContain('@')
    const outbox = path.join(dataDir, 'outbox')
    const before = fs.existsSync(outbox) ? fs.readdirSync(outbox).length : 0
    const first = await admin(dataDir, ['remind', '--campaign', '1', '--inactive-days', '0'], { LOG_LEVEL: 'info' })
    expect(first.code).toBe(0)
    const sent = Number(/^sent (\d+) reminder/m.exec(first.stdout)?.[1])
    expect(sent).toBeGreaterThan(0)
    // Every mail is logged, and no log line carries an address, a name or a pseudonym.
    const logs = first.stdout.split('\n').filter((l) => l.startsWith('{'))
    expect(logs.filter((l) => l.includes('"reminder sent"'))).toHaveLength(sent)
    for (const l of logs) expect(l).not.toMatch(/@|p_[0-9a-f]{10}/)
    expect(fs.readdirSync(outbox).length).toBe(before + sent)
    const second = await admin(dataDir, ['remind', '--campaign', '1', '--inactive-days', '0'])
    expect(second.stdout).toMatch(/^sent 0 reminder/m)
    expect(fs.readdirSync(outbox).length).toBe(before + sent)
  })
})
