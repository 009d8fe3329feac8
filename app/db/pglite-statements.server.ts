// PGlite runs every query as an unnamed statement: parsed, analysed and planned again on every call, which is most
// of what a short query costs on its one thread. The client handed to Drizzle here keeps a named statement per
// query text instead (a bounded number, the least recently used closed first), so a query seen before only binds its
// values and runs, and PostgreSQL plans it once it has seen that one plan fits every value (its plan cache).
// Everything else (exec, transactions' own statements, dumps, close) is PGlite's own. See ADR 306.
// The client also tells `afterWrite` when something that may have changed the data has ended (ADR 310).
import { parse, protocol, type PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite'

/** Named statements kept at most; each holds a parsed query and, once PostgreSQL settles on it, its plan. */
export const MAX_NAMED_STATEMENTS = 300

const { serialize } = protocol

interface Statement {
  name: string
  /** The parameter types PostgreSQL inferred: a value is serialized as its type asks (json, arrays, dates). */
  paramTypes: number[]
}

/** PGlite's own locks: one query at a time, and nothing from outside inside an open transaction. */
interface Locks {
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>
  _checkReady(): Promise<void>
}

/** A query's error as PGlite reports it: with the query and its values along. */
function withQuery(e: unknown, query: string, params: unknown[], options: QueryOptions | undefined) {
  if (e && typeof e === 'object') Object.assign(e, { query, params, queryOptions: options })
  return e
}

/** Errors after which a kept statement is given up and the query parsed again: the table under it changed shape, or
 * the statement is gone (a DISCARD ALL). */
const STALE_STATEMENT = new Set(['0A000', '26000'])

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
}

/** A statement that can change nothing: a plain SELECT. Anything else (WITH … UPDATE included) counts as a write. */
const READS_ONLY = /^\s*select\b/i

/**
 * The PGlite client Drizzle is given: named statements, and `afterWrite()` once a statement other than a plain SELECT,
 * a transaction, or any other call into the client (exec, a dump, close) has ended, whether it succeeded or not.
 */
export function withNamedStatements(client: PGlite, afterWrite: () => void = () => {}): PGlite {
  const locks = client as unknown as Locks
  const kept = new Map<string, Statement>()
  let counter = 0

  const send = async (parts: Uint8Array[]) => (await client.execProtocol(concat(parts), { syncToFs: false })).messages

  async function statementFor(text: string, options: QueryOptions | undefined): Promise<Statement> {
    const hit = kept.get(text)
    if (hit) {
      kept.delete(text)
      kept.set(text, hit)
      return hit
    }
    const name = `td_${++counter}`
    const messages = await send([
      serialize.parse({ name, text, types: options?.paramTypes }),
      serialize.describe({ type: 'S', name }),
      serialize.sync(),
    ])
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(messages) }
    kept.set(text, statement)
    if (kept.size > MAX_NAMED_STATEMENTS) {
      const [oldText, old] = kept.entries().next().value!
      kept.delete(oldText)
      await send([serialize.close({ type: 'S', name: old.name }), serialize.sync()])
    }
    return statement
  }

  async function run(text: string, params: unknown[], options: QueryOptions | undefined, retry = true) {
    let statement: Statement
    try {
      statement = await statementFor(text, options)
    } catch (e) {
      throw withQuery(e, text, params, options)
    }
    const values = params.map((v, i) => {
      if (v == null) return null
      const type = statement.paramTypes[i]
      const serializer = options?.serializers?.[type] ?? client.serializers[type]
      return serializer ? serializer(v) : String(v)
    })
    try {
      const messages = await send([
        serialize.bind({ statement: statement.name, values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ])
      return parse.parseResults(messages, client.parsers, options)[0]
    } catch (e) {
      const code = (e as { code?: string }).code
      if (retry && code && STALE_STATEMENT.has(code) && kept.get(text) === statement) {
        kept.delete(text)
        await send([serialize.close({ type: 'S', name: statement.name }), serialize.sync()]).catch(() => {})
        return run(text, params, options, false)
      }
      throw withQuery(e, text, params, options)
    }
  }

  /** A query outside a transaction: waits for any open transaction, as PGlite's own query does. */
  async function query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    const reads = READS_ONLY.test(text) && !options?.blob
    try {
      if (options?.blob) return await client.query<T>(text, params, options)
      await locks._checkReady()
      return await locks._runExclusiveTransaction(() =>
        locks._runExclusiveQuery(async () => {
          const result = await run(text, params, options)
          await client.syncToFs()
          return result as Results<T>
        }),
      )
    } finally {
      if (!reads) afterWrite()
    }
  }

  /** A transaction whose queries use the same kept statements (they outlive the transaction, whatever its end). */
  function transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    return ended(
      client.transaction((tx) => {
        const txQuery = async <R>(text: string, params: unknown[] = [], options?: QueryOptions) => {
          if (tx.closed) throw new Error('Transaction is closed')
          if (options?.blob) return tx.query<R>(text, params, options)
          return locks._runExclusiveQuery(async () => (await run(text, params, options)) as Results<R>)
        }
        const wrapped = new Proxy(tx, {
          get: (target, key) => (key === 'query' ? txQuery : Reflect.get(target, key, target)),
        })
        return fn(wrapped)
      }),
    )
  }

  /** Calls afterWrite once the promise has settled, either way. */
  function ended<T>(promise: Promise<T>): Promise<T> {
    return promise.finally(afterWrite)
  }

  return new Proxy(client, {
    get(target, key) {
      if (key === 'query') return query
      if (key === 'transaction') return transaction
      const value = Reflect.get(target, key, target)
      if (typeof value !== 'function') return value
      // PGlite's methods read private fields: they must run on the client itself, not on this proxy. Whatever they do
      // counts as a write.
      return (...args: unknown[]) => {
        let result: unknown
        try {
          result = value.apply(target, args)
        } catch (e) {
          afterWrite()
          throw e
        }
        if (result instanceof Promise) return ended(result)
        afterWrite()
        return result
      }
    },
  })
}
