// Unit/integration test setup: a console.error fails the test (habit 7).
import { afterEach, vi } from 'vitest'

const errors: unknown[][] = []
const original = console.error
console.error = (...args: unknown[]) => {
  errors.push(args)
  original(...args)
}
afterEach(() => {
  if (errors.length) {
    const first = errors.splice(0).map((a) => a.map(String).join(' '))
    throw new Error(`console.error was called:\n${first.join('\n')}`)
  }
})
vi.stubEnv('LOG_LEVEL', 'error')
