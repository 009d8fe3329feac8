import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'
import {
  DELETE_ACCOUNT_CONSTRAINTS,
  EMAIL_REQUEST_CONSTRAINTS,
  LOGIN_CONSTRAINTS,
  REGISTER_CONSTRAINTS,
  SET_PASSWORD_CONSTRAINTS,
  UPDATE_PASSWORD_CONSTRAINTS,
} from '~/lib/account-constraints'
import {
  DeleteAccountSchema,
  EmailRequestSchema,
  LoginSchema,
  RegisterSchema,
  SetPasswordSchema,
  UpdatePasswordSchema,
} from '~/lib/account-forms.server'

const form = (entries: Record<string, string>) => {
  const fd = new FormData()
  for (const [k, v] of Object.entries(entries)) fd.set(k, v)
  return fd
}

describe('account forms', () => {
  it.each([
    ['login', LoginSchema, LOGIN_CONSTRAINTS],
    ['e-mail request', EmailRequestSchema, EMAIL_REQUEST_CONSTRAINTS],
    ['registration', RegisterSchema, REGISTER_CONSTRAINTS],
    ['set password', SetPasswordSchema, SET_PASSWORD_CONSTRAINTS],
    ['update password', UpdatePasswordSchema, UPDATE_PASSWORD_CONSTRAINTS],
    ['delete account', DeleteAccountSchema, DELETE_ACCOUNT_CONSTRAINTS],
  ] as const)('the %s form renders the native constraints of its server schema', (_name, schema, constraints) => {
    const fromSchema = getZodConstraint(schema)
    for (const [name, constraint] of Object.entries(constraints)) expect(fromSchema[name]).toEqual(constraint)
    // Every field the schema requires is marked on the page.
    for (const [name, constraint] of Object.entries(fromSchema))
      if (constraint.required) expect(constraints).toHaveProperty(name, { required: true })
  })

  it.each([
    [{ idStr: '', password: 'x' }, { idStr: ['account:validation.emptyEmail'] }],
    [{ idStr: '   ', password: 'x' }, { idStr: ['account:validation.emptyEmail'] }],
    [{ idStr: 'a@b.de', password: '' }, { password: ['account:validation.emptyPassword'] }],
    [{ idStr: 'login-name', password: 'x' }, undefined],
  ])('login %o → errors %o', (entries, errors) => {
    const submission = parseWithZod(form(entries), { schema: LoginSchema })
    expect(submission.reply().error).toEqual(errors)
  })

  it.each([
    [SetPasswordSchema, { password: 'abcdef', confirmPassword: 'abcdeX' }, 'account:validation.confirmMismatch'],
    [
      UpdatePasswordSchema,
      { currentPassword: 'old-pass', newPassword: 'abcdef', confirmPassword: 'abcdeX' },
      'account:validation.confirmMismatch',
    ],
    [
      RegisterSchema,
      { email: 'a@b.de', password: 'abcdef', confirmPassword: 'abcdeX' },
      'account:validation.confirmMismatchRegister',
    ],
  ])('a confirmation that differs is marked on its field', (schema, entries, message) => {
    const submission = parseWithZod(form(entries), { schema })
    expect(submission.reply().error).toEqual({ confirmPassword: [message] })
  })
})
