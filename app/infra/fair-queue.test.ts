// The shared queue in front of an outside service: keys take turns (one burst does not starve another key), a full
// queue refuses at once (in all, per key, and with a caller's lower bound), and no more run at once than allowed.
// Order only, no clocks, except the interval's own cases (fake timers): every other request here finishes when the
// test says so.
import { describe, expect, test, vi } from 'vitest'
import { fairQueue, QueueFull } from './fair-queue.server'

/** A request that finishes when `finish()` is called; `order` records the starts. */
function harness(opts: Parameters<typeof fairQueue>[0]) {
  const queue = fairQueue(opts)
  const order: string[] = []
  const finishers = new Map<string, () => void>()
  let running = 0
  let most = 0
  const ask = (key: string, name: string, limits?: Parameters<typeof queue.run>[2]) =>
    queue.run(
      key,
      () =>
        new Promise<string>((resolve) => {
          order.push(name)
          running++
          most = Math.max(most, running)
          finishers.set(name, () => {
            running--
            resolve(name)
          })
        }),
      limits,
    )
  const finish = async (name: string) => {
    finishers.get(name)!()
    await new Promise((r) => setImmediate(r))
  }
  return { queue, order, ask, finish, most: () => most }
}

const refused = (p: Promise<unknown>) =>
  p.then(
    () => false,
    (e: unknown) => e instanceof QueueFull,
  )

describe('fair queue', () => {
  test("one key's burst: the others get their turn after at most one more of it; its excess is refused", async () => {
    const h = harness({ concurrency: 1, minIntervalMs: 0, maxWaiting: 20, maxWaitingPerKey: 2 })
    const a = ['a1', 'a2', 'a3'].map((n) => h.ask('A', n))
    const excess = await Promise.all(['a4', 'a5'].map((n) => refused(h.ask('A', n))))
    expect(excess).toEqual([true, true])
    const b = h.ask('B', 'b1')
    const c = h.ask('C', 'c1')
    for (const n of ['a1', 'a2', 'b1', 'c1', 'a3']) await h.finish(n)
    expect(await Promise.all([...a, b, c])).toEqual(['a1', 'a2', 'a3', 'b1', 'c1'])
    expect(h.order).toEqual(['a1', 'a2', 'b1', 'c1', 'a3'])
    expect(h.most()).toBe(1)
  })

  test('a full queue refuses at once; a caller may ask for a lower bound (keeping room for others)', async () => {
    const h = harness({ concurrency: 1, minIntervalMs: 0, maxWaiting: 3, maxWaitingPerKey: 10 })
    const first = h.ask('A', 'a1') // runs
    const waiting = ['b1', 'c1'].map((n) => h.ask(n, n))
    expect(h.queue.waiting()).toBe(2)
    expect(await refused(h.ask('D', 'low', { maxWaiting: 2 }))).toBe(true)
    const third = h.ask('E', 'e1')
    expect(await refused(h.ask('F', 'f1'))).toBe(true)
    expect(await refused(h.ask('F', 'f1', { maxWaitingPerKey: 5 }))).toBe(true)
    for (const n of ['a1', 'b1', 'c1', 'e1']) await h.finish(n)
    expect(await Promise.all([first, ...waiting, third])).toEqual(['a1', 'b1', 'c1', 'e1'])
  })

  test('a caller may give a key a larger share than the default', async () => {
    const h = harness({ concurrency: 1, minIntervalMs: 0, maxWaiting: 10, maxWaitingPerKey: 1 })
    const names = ['r1', 'r2', 'r3', 'r4']
    const all = names.map((n) => h.ask('R', n, { maxWaitingPerKey: 3 }))
    expect(await refused(h.ask('R', 'r5', { maxWaitingPerKey: 3 }))).toBe(true)
    for (const n of names) await h.finish(n)
    expect(await Promise.all(all)).toEqual(names)
  })

  test('never more at once than allowed; a failing request frees its place', async () => {
    const h = harness({ concurrency: 2, minIntervalMs: 0, maxWaiting: 10, maxWaitingPerKey: 10 })
    const failing = h.queue.run('A', () => Promise.reject(new Error('boom')))
    await expect(failing).rejects.toThrow('boom')
    const all = ['x1', 'x2', 'x3', 'x4'].map((n) => h.ask('X', n))
    await new Promise((r) => setImmediate(r))
    expect(h.order).toEqual(['x1', 'x2'])
    for (const n of ['x1', 'x2', 'x3', 'x4']) await h.finish(n)
    expect(await Promise.all(all)).toEqual(['x1', 'x2', 'x3', 'x4'])
    expect(h.most()).toBe(2)
  })
})

describe('the interval', () => {
  // Fake clocks: the queue counts the interval from the later of the last start and the last answer.
  test.each([
    // [answer after (ms), interval (ms), the second starts at (ms after the first)]
    [0, 1000, 1000],
    [300, 1000, 1300],
    [1500, 1000, 2500],
  ])(
    'an answer after %i ms, interval %i ms: the next starts %i ms after the first',
    async (answerMs, interval, want) => {
      vi.useFakeTimers()
      try {
        const queue = fairQueue({ concurrency: 1, minIntervalMs: interval, maxWaiting: 5, maxWaitingPerKey: 5 })
        const starts: number[] = []
        const t0 = Date.now()
        const request = () =>
          queue.run('k', async () => {
            starts.push(Date.now() - t0)
            await new Promise((r) => setTimeout(r, answerMs))
          })
        const both = Promise.all([request(), request()])
        await vi.runAllTimersAsync()
        await both
        expect(starts).toEqual([0, want])
      } finally {
        vi.useRealTimers()
      }
    },
  )
})
