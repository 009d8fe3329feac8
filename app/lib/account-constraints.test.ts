import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'
import { EMAIL_REQUEST_CONSTRAINTS, LOGIN_CONSTRAINTS, REGISTER_CONSTRAINTS } from '~/lib/account-constraints'
import { EmailRequestSchema } from '~/lib/account-forms'
import { LoginSchema } from '~/lib/login.server'
import { RegisterSchema } from '~/lib/register.server'

const form = (entries: Record<string, string>) => {
  const fd = new FormData()
  for (const [k, v] of Object.entries(entries)) fd.set(k, v)
  return fd
}

describe('login form', () => {
  it('the native constraints the page renders are those of the server schema', () => {
    const fromSchema = getZodConstraint(LoginSchema)
    for (const [name, constraint] of Object.entries(LOGIN_CONSTRAINTS)) expect(fromSchema[name]).toEqual(constraint)
  })

  it('the e-mail request forms render the native constraints of their server schema', () => {
    const fromSchema = getZodConstraint(EmailRequestSchema)
    for (const [name, constraint] of Object.entries(EMAIL_REQUEST_CONSTRAINTS)) {
      expect(fromSchema[name]).toEqual(constraint)
    }
  })

  it('the registration form renders the native constraints of its server schema', () => {
    expect(getZodConstraint(RegisterSchema)).toEqual(REGISTER_CONSTRAINTS)
  })

  it.each([
    [{ idStr: '', password: 'x' }, { idStr: ['account:validation.emptyEmail'] }],
    [{ idStr: '   ', password: 'x' }, { idStr: ['account:validation.emptyEmail'] }],
    [{ idStr: 'a@b.de', password: '' }, { password: ['account:validation.emptyPassword'] }],
    [{ idStr: 'login-name', password: 'x' }, undefined],
  ])('%o → errors %o', (entries, errors) => {
    const submission = parseWithZod(form(entries), { schema: LoginSchema })
    expect(submission.reply().error).toEqual(errors)
  })
})
