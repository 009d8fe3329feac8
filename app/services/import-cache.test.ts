import { afterEach, describe, expect, it, vi } from 'vitest'
import { forgetImported, importCached } from './import-cache.server'

describe('importCached', () => {
  afterEach(() => vi.useRealTimers())
  const counter = () => {
    let n = 0
    return async () => ++n
  }

  it('loads once per database and key within a minute', async () => {
    const db = {}
    const load = counter()
    expect(await importCached(db, 'k', load)).toBe(1)
    expect(await importCached(db, 'k', load)).toBe(1)
    expect(await importCached(db, 'other', load)).toBe(2)
    expect(await importCached({}, 'k', load)).toBe(3)
  })

  it('loads again after a minute', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const db = {}
    const load = counter()
    expect(await importCached(db, 'k', load)).toBe(1)
    vi.advanceTimersByTime(59_000)
    expect(await importCached(db, 'k', load)).toBe(1)
    vi.advanceTimersByTime(2_000)
    expect(await importCached(db, 'k', load)).toBe(2)
  })

  it('forgets everything after an import, also a value that was loading meanwhile', async () => {
    const db = {}
    const load = counter()
    expect(await importCached(db, 'k', load)).toBe(1)
    forgetImported()
    expect(await importCached(db, 'k', load)).toBe(2)
    let release!: () => void
    const slow = importCached(db, 'slow', () => new Promise<string>((r) => (release = () => r('old'))))
    forgetImported()
    release()
    expect(await slow).toBe('old')
    expect(await importCached(db, 'slow', async () => 'new')).toBe('new')
  })
})
