// `npm start` on a fresh clone and the bench build the app with the React Router CLI's script: it must exist where
// the installed package says it is (a major upgrade once moved it, and the first start on a fresh clone failed).
import fs from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'
import { reactRouterCli } from '../scripts/react-router-cli.mjs'

test('the React Router CLI script the start script and the bench run is installed', () => {
  const cli = reactRouterCli(path.resolve(import.meta.dirname, '..'))
  expect(fs.existsSync(cli), cli).toBe(true)
  expect(fs.readFileSync(cli, 'utf8')).toMatch(/^#!.*node/)
})
