import { describe, expect, test } from 'vitest'
import { progress } from './progress'

function sink(isTTY: boolean) {
  const out: string[] = []
  return { out, sink: { isTTY, write: (s: string) => out.push(s) } }
}

describe('progress', () => {
  test('quiet for a short run: nothing at all, not even the summary', () => {
    let t = 0
    const s = sink(false)
    const p = progress('trips:import', 'ways', { sink: s.sink, now: () => t })
    for (let i = 1; i <= 10; i++) {
      t += 50
      p.update(i, 10)
    }
    p.finish()
    expect(s.out).toEqual([])
  })
  test('one long batch that completes the total shows nothing', () => {
    let t = 0
    const s = sink(false)
    const p = progress('export', 'ways', { sink: s.sink, now: () => t })
    t = 10_000
    p.update(500, 500)
    p.finish()
    expect(s.out).toEqual([])
  })
  test('plain lines off a terminal: count, rate, time left; then the summary', () => {
    let t = 0
    const s = sink(false)
    const p = progress('trips:import', 'ways', { sink: s.sink, now: () => t, everyMs: 2000, quietMs: 1000 })
    for (let i = 1; i <= 100; i++) {
      t += 100
      p.update(i, 100)
    }
    p.finish()
    expect(s.out[0]).toBe('trips:import: 10 of 100 ways (10/s, 9.0 s left)\n')
    expect(s.out.every((l) => l.endsWith('\n') && !l.includes('\r'))).toBe(true)
    expect(s.out.length).toBe(6) // at 1 s, 3 s, 5 s, 7 s, 9 s, and the summary
    expect(s.out.at(-1)).toBe('trips:import: 100 ways in 10.0 s (10/s)\n')
  })
  test('on a terminal the line is rewritten in place', () => {
    let t = 0
    const s = sink(true)
    const p = progress('export', 'ways', { sink: s.sink, now: () => t, quietMs: 1000 })
    for (let i = 1; i <= 30; i++) {
      t += 100
      p.update(i * 10)
    }
    p.finish()
    // eslint-disable-next-line no-control-regex -- the terminal's escape sequence is what is tested
    expect(s.out[0]).toMatch(/^\r\x1b\[2Kexport: 100 ways \(100\/s\)$/)
    expect(s.out.at(-1)).toBe('\r\x1b[2Kexport: 300 ways in 3.0 s (100/s)\n')
  })
})
