// The PGlite client with named statements answers exactly as PGlite's own query does (values in, rows out, errors),
// keeps one statement per query text within its bound, survives a table changing under a kept statement, and keeps
// PGlite's transaction rules.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { PGlite } from '@electric-sql/pglite'
import { MAX_NAMED_STATEMENTS, withNamedStatements } from './pglite-statements.server'

let plain: PGlite
let named: PGlite

beforeAll(async () => {
  plain = new PGlite()
  named = withNamedStatements(plain)
  await plain.exec(`
    create table t (id serial primary key, name text unique, at timestamptz, day date, data jsonb, tags int[], ok boolean);
    insert into t (name, at, day, data, tags, ok) values
      ('a', '2026-03-01T10:00:00Z', '2026-03-01', '{"x": [1, 2]}', '{1,2}', true),
      ('b', null, null, null, null, false);
  `)
})
afterAll(async () => {
  await plain.close()
})

const preparedCount = async () =>
  Number((await plain.query<{ n: number }>(`select count(*)::int as n from pg_prepared_statements`)).rows[0].n)

describe('answers as PGlite does', () => {
  test.each([
    ['no values', 'select name from t order by id', []],
    ['an integer', 'select * from t where id = $1', [1]],
    ['a text and a boolean', 'select id, ok from t where name = $1 and ok = $2', ['a', true]],
    ['a timestamp as a Date', 'select id from t where at <= $1', [new Date('2026-03-02T00:00:00Z')]],
    ['a json value', 'select $1::jsonb -> $2 as v', [{ x: [1, 2], y: 'ü' }, 'y']],
    [
      'an array',
      'select $1::int[] as v, $2::text[] as w',
      [
        [1, 2, 3],
        ['a', 'b"c'],
      ],
    ],
    ['a null value', 'select count(*)::int as n from t where $1::text is null', [null]],
    ['rows as arrays', 'select id, name from t order by id', [], { rowMode: 'array' as const }],
    ['a parser of the caller', 'select at from t where id = 1', [], { parsers: { 1184: (v: string) => `raw:${v}` } }],
  ])('%s', async (_, text, params, options?: object) => {
    const expected = await plain.query(text, params, options)
    for (let i = 0; i < 3; i++) {
      const got = await named.query(text, params, options)
      expect(got.rows).toEqual(expected.rows)
      expect(got.fields).toEqual(expected.fields)
    }
  })

  test('a write reports its affected rows, and the next read sees it', async () => {
    const r = await named.query(`update t set ok = $1 where name = $2`, [true, 'b'])
    expect(r.affectedRows).toBe(1)
    expect((await named.query<{ ok: boolean }>(`select ok from t where name = $1`, ['b'])).rows).toEqual([{ ok: true }])
  })
})

describe('errors', () => {
  test.each([
    ['a syntax error', 'selec 1', [], '42601'],
    ['a unique violation', `insert into t (name) values ($1)`, ['a'], '23505'],
    ['a value of the wrong type', 'select * from t where id = $1', ['x'], '22P02'],
  ])('%s: the code and the query come along, and the next query works', async (_, text, params, code) => {
    const error = await named.query(text, params).catch((e: unknown) => e)
    expect(error).toMatchObject({ code, query: text })
    expect((await named.query<{ n: number }>('select 1 as n')).rows).toEqual([{ n: 1 }])
  })
})

describe('kept statements', () => {
  test('one per query text however often it runs, and never more than the bound', async () => {
    const before = await preparedCount()
    for (let i = 0; i < 5; i++) await named.query('select $1::int + 1 as n', [i])
    expect(await preparedCount()).toBe(before + 1)
    for (let i = 0; i < MAX_NAMED_STATEMENTS + 20; i++) {
      expect((await named.query<{ n: number }>(`select ${i} + $1::int as n`, [1])).rows).toEqual([{ n: i + 1 }])
    }
    expect(await preparedCount()).toBe(MAX_NAMED_STATEMENTS)
  })

  test('a table that changes shape under a kept statement: the query is prepared again', async () => {
    await plain.exec(`create table shape (a int); insert into shape values (1)`)
    expect((await named.query('select * from shape')).rows).toEqual([{ a: 1 }])
    await plain.exec(`alter table shape add column b text default 'x'`)
    expect((await named.query('select * from shape')).rows).toEqual([{ a: 1, b: 'x' }])
  })
})

describe('transactions', () => {
  test('a rolled-back transaction leaves nothing; its statements still serve afterwards', async () => {
    const text = `insert into t (name) values ($1)`
    await named
      .transaction(async (tx) => {
        await tx.query(text, ['in-tx'])
        expect((await tx.query(`select count(*)::int as n from t where name = $1`, ['in-tx'])).rows).toEqual([{ n: 1 }])
        throw new Error('roll back')
      })
      .catch(() => {})
    expect((await named.query(`select count(*)::int as n from t where name = $1`, ['in-tx'])).rows).toEqual([{ n: 0 }])
    await named.query(text, ['after'])
    expect((await named.query(`select count(*)::int as n from t where name = $1`, ['after'])).rows).toEqual([{ n: 1 }])
  })

  test('a query from outside waits until the open transaction ends', async () => {
    const order: string[] = []
    let release!: () => void
    const held = new Promise<void>((r) => (release = r))
    const tx = named.transaction(async (t) => {
      await t.query(`update t set ok = $1 where name = $2`, [false, 'a'])
      order.push('tx wrote')
      await held
      order.push('tx ends')
    })
    await new Promise((r) => setTimeout(r, 20))
    const outside = named.query<{ ok: boolean }>(`select ok from t where name = $1`, ['a']).then((r) => {
      order.push('outside read')
      return r.rows[0].ok
    })
    await new Promise((r) => setTimeout(r, 20))
    release()
    await tx
    expect(await outside).toBe(false)
    expect(order).toEqual(['tx wrote', 'tx ends', 'outside read'])
  })
})

describe('tells when a write has ended', () => {
  let writes = 0
  let own: PGlite
  let counted: PGlite
  beforeAll(async () => {
    own = new PGlite()
    await own.exec(`create table t (id serial primary key, name text unique, ok boolean);
      insert into t (name, ok) values ('a', true);`)
    counted = withNamedStatements(own, () => void writes++)
  })
  afterAll(async () => {
    await own.close()
  })
  /** How many writes the client reported while fn ran; fn must succeed unless `fails`. */
  async function reported(fn: () => Promise<unknown>, fails = false) {
    const before = writes
    if (fails) await expect(fn()).rejects.toThrow()
    else await fn()
    return writes - before
  }

  test.each([
    ['a plain read', 'select name from t where id = $1', [1], 0],
    ['a read after blanks and in capitals', '  SELECT count(*) from t', [], 0],
    ['an insert', `insert into t (name) values ($1)`, ['w1'], 1],
    ['an update', `update t set ok = $1 where name = $2`, [true, 'w1'], 1],
    ['a delete', `delete from t where name = $1`, ['w1'], 1],
    [
      'a write inside WITH',
      `with x as (update t set ok = false where name = $1 returning id) select * from x`,
      ['a'],
      1,
    ],
  ])('%s: %i', async (_, text, params, expected) => {
    expect(await reported(() => counted.query(text, params))).toBe(expected)
  })

  test('a write that fails, and a failed call into the client', async () => {
    expect(await reported(() => counted.query(`insert into t (id, name) values (1, $1)`, ['dup']), true)).toBe(1)
    expect(await reported(() => counted.exec(`update nowhere set x = 1`), true)).toBe(1)
  })

  test('a transaction once it has ended, whether it commits or rolls back, even when it only read', async () => {
    let inside = -1
    expect(
      await reported(() =>
        counted.transaction(async (tx) => {
          await tx.query(`update t set ok = $1 where name = $2`, [true, 'a'])
          inside = writes
        }),
      ),
    ).toBe(1)
    expect(inside, 'not before the transaction has ended').toBe(writes - 1)
    expect(
      await reported(
        () =>
          counted.transaction(async () => {
            throw new Error('roll back')
          }),
        true,
      ),
    ).toBe(1)
    expect(await reported(() => counted.transaction(async (tx) => tx.query(`select 1`)))).toBe(1)
  })

  test("any other call into PGlite's client (exec)", async () => {
    expect(await reported(() => counted.exec(`update t set ok = true where name = 'a'`))).toBe(1)
  })
})
