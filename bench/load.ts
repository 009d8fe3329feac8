// The load of the throughput bench, made by autocannon: `connections` keep-alive connections each send the next
// request as soon as the previous answer is read, for `seconds` after a warm-up. Reports requests per second and
// latency percentiles in milliseconds (p50/p95/p99 from every response's time: autocannon's own summary has no p95).
import http from 'node:http'
import autocannon from 'autocannon'

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

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0
const round = (n: number) => Math.round(n * 100) / 100

/** One autocannon run; `latencies` (ms) gets every response's time. */
function run(
  target: LoadTarget,
  connections: number,
  seconds: number,
  latencies?: number[],
): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: target.url,
        method: target.method ?? 'GET',
        headers: target.headers,
        body: target.body,
        connections,
        duration: seconds,
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    )
    if (latencies) instance.on('response', (_client, _status, _bytes, ms) => latencies.push(ms))
  })
}

export async function load(target: LoadTarget, opts: LoadOptions = {}): Promise<LoadResult> {
  const connections = opts.connections ?? 10
  const warmup = opts.warmupSeconds ?? 2
  if (warmup > 0) await run(target, connections, warmup)
  const latencies: number[] = []
  const r = await run(target, connections, opts.seconds ?? 8, latencies)
  const sorted = latencies.sort((a, b) => a - b)
  const seconds = r.duration
  const bytes = Buffer.byteLength((await request(target)).body)
  return {
    requests: r.requests.total,
    errors: r.errors + r.non2xx,
    seconds: round(seconds),
    rps: round(r.requests.total / seconds),
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    mean: round(sorted.reduce((a, b) => a + b, 0) / (sorted.length || 1)),
    bytes,
  }
}

/** One request, for setup steps (login). */
export async function request(
  target: LoadTarget,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(target.url, { method: target.method ?? 'GET', headers: target.headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
      )
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end(target.body)
  })
}
