// A big JSON body (a researcher's trips file handed over by the CLI) parsed without stopping the server: JSON.parse of
// 40 MB holds the event loop for over a second, and handing the parsed value back from a worker in one message costs
// even more (its deserialisation is slower than the parse). So a worker thread parses the text and sends the value
// back in pieces of at most PIECE_CHARS of JSON each; between two pieces the server answers whatever waits. Arrays and
// objects larger than a piece are sent member by member (recursively), everything else as one piece.
import { Worker } from 'node:worker_threads'

/** Below this many bytes a body is parsed in place: the stall is shorter than a worker's start. */
const OFF_THREAD_MIN_BYTES = 1_000_000
const PIECE_CHARS = 256 * 1024

type Key = string | number
/** One step of rebuilding the value: put `json` at `path`, or append the array `json`'s items to the array there. */
type Piece = { op: 'set' | 'push'; path: Key[]; json: string } | { op: 'done' } | { op: 'error'; message: string }

// The worker's code, as plain JavaScript (it runs from a string: the server bundle has no file for it).
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads')
const LIMIT = workerData.pieceChars
const post = (p) => parentPort.postMessage(p)
function send(value, path, text) {
  if (text.length <= LIMIT || value === null || typeof value !== 'object') return post({ op: 'set', path, json: text })
  if (Array.isArray(value)) {
    post({ op: 'set', path, json: '[]' })
    let batch = []
    let size = 0
    const flush = () => {
      if (batch.length) post({ op: 'push', path, json: '[' + batch.join(',') + ']' })
      batch = []
      size = 0
    }
    value.forEach((item, i) => {
      const itemText = JSON.stringify(item) ?? 'null'
      if (itemText.length > LIMIT) {
        flush()
        post({ op: 'push', path, json: '[null]' })
        return send(item, [...path, i], itemText)
      }
      if (size + itemText.length > LIMIT) flush()
      batch.push(itemText)
      size += itemText.length + 1
    })
    return flush()
  }
  post({ op: 'set', path, json: '{}' })
  for (const [key, member] of Object.entries(value)) {
    if (member === undefined) continue
    send(member, [...path, key], JSON.stringify(member))
  }
}
try {
  const value = JSON.parse(new TextDecoder().decode(workerData.bytes))
  send(value, [], JSON.stringify(value))
  post({ op: 'done' })
} catch (e) {
  post({ op: 'error', message: e instanceof Error ? e.message : String(e) })
}
`

/** Puts the pieces together: `root.value` is the parsed document. */
function assemble(root: { value: unknown }, piece: Extract<Piece, { path: Key[] }>) {
  let holder: Record<Key, unknown> = root as unknown as Record<Key, unknown>
  let key: Key = 'value'
  for (const step of piece.path) {
    holder = holder[key] as Record<Key, unknown>
    key = step
  }
  const parsed: unknown = JSON.parse(piece.json)
  // As JSON.parse does: an own property, even one named __proto__.
  if (piece.op === 'set')
    Object.defineProperty(holder, key, { value: parsed, writable: true, enumerable: true, configurable: true })
  else (holder[key] as unknown[]).push(...(parsed as unknown[]))
}

/**
 * Parses JSON text given as bytes; a large one in a worker thread, a small one in place. Rejects with a SyntaxError.
 * The pieces are put together one per turn of the event loop (a worker's messages may arrive many at once).
 */
export async function parseJsonOffThread(
  bytes: Uint8Array,
  { minBytes = OFF_THREAD_MIN_BYTES, pieceChars = PIECE_CHARS } = {},
): Promise<unknown> {
  if (bytes.byteLength < minBytes) return JSON.parse(new TextDecoder().decode(bytes))
  const root: { value: unknown } = { value: undefined }
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, { eval: true, workerData: { bytes, pieceChars } })
    const waiting: Piece[] = []
    let pumping = false
    let settled = false
    const settle = (fn: () => void) => {
      if (settled) return
      settled = true
      waiting.length = 0
      fn()
      void worker.terminate()
    }
    const pump = () => {
      const piece = waiting.shift()
      if (!piece || settled) return void (pumping = false)
      try {
        if (piece.op === 'done') return settle(() => resolve(root.value))
        if (piece.op === 'error') return settle(() => reject(new SyntaxError(piece.message)))
        assemble(root, piece)
      } catch (e) {
        return settle(() => reject(e))
      }
      setImmediate(pump)
    }
    worker.on('message', (piece: Piece) => {
      waiting.push(piece)
      if (!pumping) {
        pumping = true
        setImmediate(pump)
      }
    })
    worker.on('error', (e) => settle(() => reject(e)))
    // The worker ends after its last message; that message may still be waiting here.
    worker.on('exit', () => {
      if (!waiting.length && !pumping) settle(() => reject(new Error('the JSON worker stopped before it finished')))
    })
  })
}
