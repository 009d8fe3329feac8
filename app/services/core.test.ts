// A method called directly is typed by its schema's input and its declared result; `invoke` takes anything and
// checks it at run time, the same way.
import { describe, expect, expectTypeOf, test } from 'vitest'
import { z } from 'zod'
import { method, ServiceError, zId, type ServiceContext } from './core.server'

const echo = method({
  public: true,
  params: z.object({ ids: z.array(zId).min(1), note: z.string().optional() }),
  async run({ ids }): Promise<{ count: number }> {
    return { count: ids.length }
  },
})

// No method here reads the context; the public flag skips the session check.
const ctx = {} as ServiceContext

async function constantOf(p: Promise<unknown>): Promise<string> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  )
  return e instanceof ServiceError ? e.constant : `not a ServiceError: ${String(e)}`
}

describe('method', () => {
  test('a direct call takes the schema input and answers the declared result', async () => {
    // Ids as the forms send them (text) are the schema's input as well as numbers.
    const result = await echo(ctx, { ids: [1, '2'] })
    expectTypeOf(result).toEqualTypeOf<{ count: number }>()
    expect(result).toEqual({ count: 2 })
  })

  test('wrong params do not compile, and are still refused at run time', async () => {
    // @ts-expect-error ids must be a list
    expect(await constantOf(echo(ctx, { ids: 'x' }))).toBe('INVALID_PARAMS')
    // @ts-expect-error ids is required
    expect(await constantOf(echo(ctx, {}))).toBe('INVALID_PARAMS')
  })

  test('invoke is the untyped entry point: anything goes in, the schema decides', async () => {
    expect(await echo.invoke(ctx, { ids: [3] })).toEqual({ count: 1 })
    expect(await constantOf(echo.invoke(ctx, 'nonsense'))).toBe('INVALID_PARAMS')
    expect(await constantOf(echo.invoke(ctx, { ids: ['a\u0000'] }))).toBe('INVALID_PARAMS')
  })
})
