// A small closed-loop HTTP load generator (no dependency): `connections` keep-alive connections each send the next
// request as soon as the previous answer is read, for `seconds` after a warm-up. Reports requests per second and
// latency percentiles in milliseconds.
import http from 'node:http'

export interface LoadTarget {
  url: string
  method?: 'GET' | 'POST'
  headers?: Record<string, string>
  body?: string
}

export interface LoadResult {
  requests: number
  errors: number
  seconds: number
  rps: number
  p50: number
  p95: number
  p99: number
  mean: number
  /** Bytes of the last response body. */
  bytes: number
}

export interface LoadOptions {
  connections?: number
  seconds?: number
  warmupSeconds?: number
}

function once(agent: http.Agent, t: LoadTarget): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const req = http.request(t.url, { method: t.method ?? 'GET', headers: t.headers, agent }, (res) => {
      let bytes = 0
      res.on('data', (c: Buffer) => (bytes += c.length))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes }))
      res.on('error', reject)
    })
    req.on('error', reject)
    if (t.body) req.end(t.body)
    else req.end()
  })
}

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0)
const round = (n: number) => Math.round(n * 100) / 100

export async function load(target: LoadTarget, opts: LoadOptions = {}): Promise<LoadResult> {
  const connections = opts.connections ?? 10
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections })
  const latencies: number[] = []
  let errors = 0
  let bytes = 0
  let measuring = false
  let stop = false

  async function worker() {
    while (!stop) {
      const started = performance.now()
      try {
        const r = await once(agent, target)
        if (measuring) {
          latencies.push(performance.now() - started)
          if (r.status < 200 || r.status >= 300) errors++
        }
        bytes = r.bytes
      } catch {
        if (measuring) errors++
      }
    }
  }
  const workers = Array.from({ length: connections }, worker)
  await new Promise((r) => setTimeout(r, (opts.warmupSeconds ?? 2) * 1000))
  measuring = true
  const t0 = performance.now()
  await new Promise((r) => setTimeout(r, (opts.seconds ?? 8) * 1000))
  measuring = false
  const seconds = (performance.now() - t0) / 1000
  stop = true
  await Promise.all(workers)
  agent.destroy()
  const sorted = [...latencies].sort((a, b) => a - b)
  return {
    requests: latencies.length,
    errors,
    seconds: round(seconds),
    rps: round(latencies.length / seconds),
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    mean: round(sorted.reduce((a, b) => a + b, 0) / (sorted.length || 1)),
    bytes,
  }
}

/** One request, for setup steps (login). */
export async function request(target: LoadTarget): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(target.url, { method: target.method ?? 'GET', headers: target.headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }))
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end(target.body)
  })
}
