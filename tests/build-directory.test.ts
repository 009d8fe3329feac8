// A build empties its directory first: BUILD_DIR never names the project or a folder that holds it.
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { buildDirectory } from '../scripts/build-directory.mjs'

const root = path.resolve('/srv/diary')

describe('the build directory', () => {
  test.each([
    [undefined, '/srv/diary/build'],
    ['', '/srv/diary/build'],
    ['build-e2e', '/srv/diary/build-e2e'],
    ['/tmp/other-build', '/tmp/other-build'],
    ['../diary-build', '/srv/diary-build'],
  ])('BUILD_DIR=%j builds into %s', (given, dir) => {
    expect(buildDirectory(given, root)).toBe(path.resolve(dir))
  })

  test.each(['.', './', '/srv/diary', '..', '/srv', '/'])(
    'BUILD_DIR=%j is refused: it would empty the project',
    (given) => {
      expect(() => buildDirectory(given, root)).toThrow(/would empty/)
    },
  )

  test('an empty BUILD_DIR falls back to the given default', () => {
    expect(buildDirectory('', root, 'build-bench')).toBe(path.resolve('/srv/diary/build-bench'))
  })
})
