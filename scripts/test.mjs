// npm test: the static checks (types, ESLint with the layer rule, Prettier), then unit and integration tests (vitest;
// the database tests again on PostgreSQL when TEST_DATABASE_URL is set), then the build, then the browser tests
// (Playwright, JS on and off). `npm test static|unit|e2e` runs one part.
import './require-node.mjs'
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { findChromium } from './find-chromium.mjs'

const root = path.resolve(import.meta.dirname, '..')
const bin = (name) => path.join(root, 'node_modules/.bin', name)
// The tools' `#!/usr/bin/env node` and Playwright's web server take `node` from the PATH: the Node running this
// script comes first there, so every part runs on it (under npm that is already so).
const PATH = [path.dirname(process.execPath), process.env.PATH].join(path.delimiter)
const run = (cmd, args, env = {}) => {
  console.log(
    `\n▶ ${[path.basename(cmd), ...args].join(' ')}${env.TEST_DB_KIND ? ` (TEST_DB_KIND=${env.TEST_DB_KIND})` : ''}`,
  )
  const started = Date.now()
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, PATH, ...env } })
  seconds.push(Math.round((Date.now() - started) / 1000))
  return r.status ?? 1
}
// How long each part took, shown in the summary: CI has a time budget, and this says which part to look at first.
const seconds = []

console.log(`node --version: ${process.version} (${process.execPath})`)

const only = process.argv[2] // optional: static | unit | e2e

// Unpacks the npm-installed Chromium now (when there is no other), before Playwright's workers look for it.
if (only !== 'static') {
  const browser = await findChromium()
  if (!browser) {
    console.error(
      'No Chromium found: `npm ci` installs one (@sparticuz/chromium); or set CHROMIUM_PATH to a Chromium binary.',
    )
    process.exit(1)
  }
  console.log(`Chromium: ${browser.executablePath} (${browser.source})`)
}

const results = []
const took = () => seconds.splice(0).reduce((a, b) => a + b, 0)
// Static checks first: each runs and is reported even when one before it failed. tsc needs React Router's generated
// route types, so typegen runs right before it.
if (!only || only === 'static') {
  const typegen = run(bin('react-router'), ['typegen'])
  results.push(['typecheck (react-router typegen && tsc)', typegen === 0 ? run(bin('tsc'), []) : typegen, [], took()])
  results.push(['lint (eslint .)', run(bin('eslint'), ['.']), [], took()])
  results.push(['format (prettier --check .)', run(bin('prettier'), ['--check', '.']), [], took()])
}
// Each vitest run also writes a JSON report, so the summary at the end (all a CI log's tail may show) names the
// failed tests instead of only the part that failed.
const reports = path.join(root, 'test-results')
const vitest = (name, args, env) => {
  const file = path.join(reports, `vitest-${name}.json`)
  fs.rmSync(file, { force: true })
  const status = run(
    bin('vitest'),
    [...args, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`],
    env,
  )
  return [status, file]
}
const failedTests = (file) => {
  try {
    const report = JSON.parse(fs.readFileSync(file, 'utf8'))
    return report.testResults.flatMap((f) => {
      const where = path.relative(root, f.name)
      const tests = f.assertionResults.filter((t) => t.status === 'failed')
      if (tests.length === 0 && f.status === 'failed') return [`${where}: ${(f.message ?? '').split('\n')[0]}`]
      return tests.map(
        (t) => `${where} › ${t.fullName}: ${(t.failureMessages?.[0] ?? '').split('\n')[0].slice(0, 200)}`,
      )
    })
  } catch {
    return []
  }
}
// The files of tests/ that open a database (they import its helper, tests/db.ts): the others (the comment, layer,
// dependency and route checks) read only the source and would run twice to the same result.
const databaseTestsOfTests = () =>
  fs
    .readdirSync(path.join(root, 'tests'))
    .filter((f) => f.endsWith('.test.ts') && !f.endsWith('.proc.test.ts'))
    .filter((f) => /from '\.\/db'/.test(fs.readFileSync(path.join(root, 'tests', f), 'utf8')))
    .map((f) => `tests/${f}`)
const push = (name, [status, file]) => results.push([name, status, status === 0 ? [] : failedTests(file), took()])
if (!only || only === 'unit') {
  push('unit (PGlite)', vitest('unit', ['run']))
  if (process.env.TEST_DATABASE_URL) {
    push(
      'database tests (PostgreSQL)',
      // The model-based walk runs 120 times on PGlite; on PostgreSQL, whose part is the same services on another
      // database, 60 walks keep CI within its time budget.
      vitest('postgres', ['run', 'app/services', 'app/cli', ...databaseTestsOfTests()], {
        TEST_DB_KIND: 'postgres',
        WAY_MODEL_RUNS: process.env.WAY_MODEL_RUNS ?? '60',
      }),
    )
  }
}
if (!only || only === 'e2e') {
  results.push(['build', run(bin('react-router'), ['build']), [], took()])
  if (results.at(-1)[1] === 0) {
    // Server-process tests (tests/*.proc.test.ts): headers, HTML form fuzzing, crash safety, graceful shutdown, and
    // with TEST_DATABASE_URL several processes on one PostgreSQL. They run the build just made.
    push(
      'server processes (headers, fuzzing forms, crash, several processes)',
      vitest('proc', ['run', '-c', 'vitest.proc.config.ts']),
    )
    results.push(['e2e (Chromium, JS on and off)', run(bin('playwright'), ['test']), [], took()])
  }
}
console.log('\nSummary:')
for (const [name, status, failures, secs] of results) {
  console.log(`  ${status === 0 ? 'ok  ' : 'FAIL'} ${name} (${secs} s)`)
  for (const f of failures) console.log(`       ✗ ${f}`)
}
const failed = results.filter(([, s]) => s !== 0).length
console.log(`${results.length - failed} passed, ${failed} failed`)
process.exit(failed ? 1 : 0)
