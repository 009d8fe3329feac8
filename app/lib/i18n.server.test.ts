// Every request's i18next instance (remix-i18next's middleware) shares one set of plural rules: two requests in two
// languages choose their plurals as i18next does, and the second request of a language makes no rules of its own.
import { describe, expect, test } from 'vitest'
import { RouterContextProvider } from 'react-router'
import type { i18n } from 'i18next'
import { getI18n, pageI18nextMiddleware } from './i18n.server'

async function instanceFor(url: string): Promise<i18n> {
  const context = new RouterContextProvider()
  const request = new Request(url)
  let instance: i18n | undefined
  await pageI18nextMiddleware({ request, url: new URL(url), params: {}, context, pattern: '/' } as never, async () => {
    instance = getI18n(context)
    return new Response()
  })
  return instance!
}

const rulesOf = (instance: i18n) =>
  (instance.services.pluralResolver as { pluralRulesCache: Record<string, Intl.PluralRules> }).pluralRulesCache

describe('plural rules shared by the requests', () => {
  test('two requests of a language share their rules, and plurals read as i18next makes them', async () => {
    const a = await instanceFor('http://localhost/ways?locale=de_DE')
    const b = await instanceFor('http://localhost/ways?locale=de_DE')
    const en = await instanceFor('http://localhost/ways?locale=en_US')
    expect(a).not.toBe(b)
    expect(a.language).toBe('de')
    expect(en.language).toBe('en')
    const texts = (i: i18n) => [0, 1, 2].map((count) => i.t('ways:progress.daysLeft', { count }))
    expect(texts(a)).toEqual(texts(b))
    expect(new Set(texts(a)).size).toBeGreaterThan(1)
    expect(texts(en)).not.toEqual(texts(a))
    const rules = rulesOf(a)
    expect(Object.keys(rules).length).toBeGreaterThan(0)
    expect(rulesOf(b)).toBe(rules)
    expect(rulesOf(en)).toBe(rules)
  })
})
