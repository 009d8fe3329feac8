// Progress of a long admin command on stderr: nothing for the first two seconds (short commands stay quiet), then the
// count, the rate and the time left: rewritten in place on a terminal, as a plain line every few seconds otherwise
// (logs, CI). The update that completes a known total shows nothing (the summary follows); once anything was
// shown, finish() ends it with a one-line summary.

export interface ProgressSink {
  isTTY?: boolean
  write(text: string): unknown
}

export interface Progress {
  /** `done` of `total` units so far (total 0: unknown). */
  update(done: number, total?: number): void
  finish(): void
}

const seconds = (ms: number) => (ms / 1000).toFixed(1)

/** Progress of `label` counted in `unit` (e.g. "ways"). */
export function progress(
  label: string,
  unit: string,
  o: { sink?: ProgressSink; now?: () => number; quietMs?: number; everyMs?: number } = {},
): Progress {
  const sink = o.sink ?? process.stderr
  const now = o.now ?? Date.now
  const quietMs = o.quietMs ?? 2000
  const everyMs = sink.isTTY ? 200 : (o.everyMs ?? 5000)
  const started = now()
  let shown = false
  let lastShown = -Infinity
  let done = 0
  let total = 0
  const line = () => {
    const elapsed = now() - started
    const rate = elapsed > 0 ? (done * 1000) / elapsed : 0
    const left = total > done && rate > 0 ? `, ${seconds(((total - done) / rate) * 1000)} s left` : ''
    const of = total ? ` of ${total}` : ''
    return `${label}: ${done}${of} ${unit} (${Math.round(rate)}/s${left})`
  }
  return {
    update(d, t) {
      done = d
      if (t !== undefined) total = t
      const at = now()
      if (at - started < quietMs || at - lastShown < everyMs || (total > 0 && done >= total)) return
      lastShown = at
      shown = true
      sink.write(sink.isTTY ? `\r\x1b[2K${line()}` : `${line()}\n`)
    },
    finish() {
      if (!shown) return
      const elapsed = now() - started
      const rate = elapsed > 0 ? Math.round((done * 1000) / elapsed) : done
      sink.write(`${sink.isTTY ? '\r\x1b[2K' : ''}${label}: ${done} ${unit} in ${seconds(elapsed)} s (${rate}/s)\n`)
    },
  }
}
