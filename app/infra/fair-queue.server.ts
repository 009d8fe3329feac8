// A queue in front of an outside service that everyone shares (the geocoder, the tile server): requests start at
// most `concurrency` at a time and at least `minIntervalMs` apart, counted from the later of the last start and the
// last answer, as the service's usage policy asks (a first request that spends its time connecting reaches the
// service late, and a next one spaced from its start only would arrive less than the interval after it); waiting
// requests take turns by key (one participant's, round-robin), so one participant's burst does not make another wait
// behind it; and the queue is bounded (in all and per key), so an excess request is refused at once instead of
// waiting without end.

/** The queue is full for this request: refuse it (or do without the outside service). */
export class QueueFull extends Error {
  constructor() {
    super('queue full')
    this.name = 'QueueFull'
  }
}

export interface FairQueueOptions {
  /** Requests under way at once. */
  concurrency: number
  /** Least time between two starts, and between an answer and the next start. */
  minIntervalMs: number
  /** Requests waiting in all. */
  maxWaiting: number
  /** Requests of one key waiting (a caller may set its own). */
  maxWaitingPerKey: number
}

export interface FairQueue {
  /**
   * Runs fn when it is the key's turn; QueueFull at once when the queue is full (in all, or up to a lower bound given
   * here) or this key has its share waiting (the queue's, or the one given here).
   */
  run<T>(
    key: string,
    fn: () => Promise<T>,
    limits?: Partial<Pick<FairQueueOptions, 'maxWaiting' | 'maxWaitingPerKey'>>,
  ): Promise<T>
  /** Requests waiting now. */
  waiting(): number
}

export function fairQueue(opts: FairQueueOptions): FairQueue {
  // Keys in turn order: the first key starts next, then moves to the back while it has more waiting.
  const queues = new Map<string, (() => void)[]>()
  let size = 0
  let running = 0
  let nextStart = 0
  let timer: ReturnType<typeof setTimeout> | null = null

  const pump = () => {
    timer = null
    while (running < opts.concurrency && size > 0) {
      const now = Date.now()
      if (now < nextStart) {
        timer = setTimeout(pump, nextStart - now)
        timer.unref?.()
        return
      }
      const [key, list] = queues.entries().next().value!
      const start = list.shift()!
      queues.delete(key)
      if (list.length) queues.set(key, list)
      size--
      running++
      nextStart = now + opts.minIntervalMs
      start()
    }
  }

  return {
    async run(key, fn, limits = {}) {
      const list = queues.get(key) ?? []
      if (size >= Math.min(opts.maxWaiting, limits.maxWaiting ?? Infinity)) throw new QueueFull()
      if (list.length >= (limits.maxWaitingPerKey ?? opts.maxWaitingPerKey)) throw new QueueFull()
      await new Promise<void>((resolve) => {
        list.push(resolve)
        if (!queues.has(key)) queues.set(key, list)
        size++
        if (!timer) pump()
      })
      try {
        return await fn()
      } finally {
        running--
        nextStart = Math.max(nextStart, Date.now() + opts.minIntervalMs)
        if (!timer) pump()
      }
    },
    waiting: () => size,
  }
}
