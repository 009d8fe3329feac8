// A form's handler: invalid input is the submission's reply (400) with the posted values less the hidden ones, or
// what the handler answers for it; the intent table picks the handler by the form's intent, and an unknown intent is
// a 400 response.
import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { handler, runForm, runIntent } from './intents.server'

const form = (entries: Record<string, string | string[]>) => {
  const fd = new FormData()
  for (const [k, v] of Object.entries(entries)) for (const one of [v].flat()) fd.append(k, one)
  return fd
}
const table = {
  pick: handler(
    z.object({ ids: z.array(z.coerce.number(), { error: 'x:required' }).min(1, 'x:required') }),
    async ({ ids }, { who }: { who: string }) => `${who}:${ids.join(',')}`,
  ),
  quiet: handler(z.object({ n: z.coerce.number() }), async () => 'ran', { invalid: async () => 'invalid' }),
}

describe('runIntent', () => {
  test('runs the handler with parsed values and the caller’s arguments', async () => {
    expect(await runIntent(table, form({ intent: 'pick', ids: ['1', '2'] }), { who: 'a' })).toBe('a:1,2')
    expect(await runIntent(table, form({ intent: 'pick', ids: '7' }), { who: 'b' })).toBe('b:7')
  })

  test('invalid input: 400 with the reply (field errors are catalogue keys, the intent among the values)', async () => {
    const res = (await runIntent(table, form({ intent: 'pick' }), { who: 'a' })) as {
      data: { error: Record<string, string[]>; initialValue: Record<string, unknown> }
      init: { status: number }
    }
    expect(res.init.status).toBe(400)
    expect(res.data.error.ids).toEqual(['x:required'])
    expect(res.data.initialValue.intent).toBe('pick')
  })

  test('a row may answer invalid input itself', async () => {
    expect(await runIntent(table, form({ intent: 'quiet', n: 'x' }), { who: 'a' })).toBe('invalid')
  })

  test.each([
    ['none', {}],
    ['unknown', { intent: 'nope' }],
    ['inherited', { intent: 'toString' }],
  ])('an intent that is not in the table (%s): 400', async (_l, entries) => {
    await expect(runIntent(table, form(entries), { who: 'a' })).rejects.toMatchObject({ init: { status: 400 } })
  })
})

describe('runForm', () => {
  const login = handler(
    z.object({ name: z.string({ error: 'x:name' }).min(1, 'x:name'), secret: z.string().min(3, 'x:short') }),
    async ({ name }) => `hello ${name}`,
    { hide: ['secret'] },
  )

  test('runs the handler with the parsed values', async () => {
    expect(await runForm(login, form({ name: 'a', secret: 'abc' }), null)).toBe('hello a')
  })

  test('invalid input: 400, the errors by field, the hidden fields not sent back', async () => {
    const res = (await runForm(login, form({ name: 'a', secret: 'x' }), null)) as {
      data: { error: Record<string, string[]>; initialValue: Record<string, unknown> }
      init: { status: number }
    }
    expect(res.init.status).toBe(400)
    expect(res.data.error).toEqual({ secret: ['x:short'] })
    expect(res.data.initialValue).toEqual({ name: 'a' })
  })
})
