// A service error's toast names every value its text asks for: the bad run of days ("to before from", a missing end)
// reads the field, never a raw placeholder, in both languages.
import { describe, expect, test } from 'vitest'
import { LANGS } from '~/infra/i18n'
import { resources, tFor } from '~/infra/i18n.server'
import { ServiceError, type ServiceContext } from '~/services/core.server'
import { tripService } from '~/services/trip.server'
import { errorToast } from './http.server'

const localeOf = { de: 'de_DE', en: 'en_US' } as const
const shown = (lang: (typeof LANGS)[number], e: ServiceError) => {
  const toast = errorToast(e)
  return tFor(localeOf[lang])(toast.key, toast.params)
}

/** A signed-in caller: parameters are checked before the database is touched. */
const caller = { user: { id: 1, passwordUpdateRequired: false } } as unknown as ServiceContext

describe('error toasts', () => {
  test.each(LANGS)('%s: a run of days without its end names the field', async (lang) => {
    const e = await tripService.setZeroTripDays.invoke(caller, { from: '2026-03-01' }).catch((x: unknown) => x)
    expect(e).toBeInstanceOf(ServiceError)
    const text = shown(lang, e as ServiceError)
    expect(text).toContain('(to)')
    expect(text).not.toMatch(/\{\{|\}\}/)
  })

  test.each(LANGS)('%s: an invalid-data error without a field still reads as a sentence', (lang) => {
    expect(shown(lang, new ServiceError('INVALID_PARAMS'))).not.toMatch(/\{\{|\}\}/)
  })

  test.each(LANGS)('%s: every error text with a placeholder is filled from the details its service gives', (lang) => {
    const catalogue = resources[lang].errors as Record<string, string>
    const withPlaceholders = Object.keys(catalogue).filter((k) => /\{\{/.test(catalogue[k]) && k !== 'unexpected')
    expect(withPlaceholders.length).toBeGreaterThan(0)
    for (const constant of withPlaceholders)
      expect(shown(lang, new ServiceError(constant, { max: 5, path: 'to' })), constant).not.toMatch(/\{\{|\}\}/)
  })

  test('a field path from the request is cut to a readable length', () => {
    const toast = errorToast(new ServiceError('INVALID_PARAMS', { path: 'x'.repeat(10_000) }))
    expect(String(toast.params?.path).length).toBeLessThanOrEqual(80)
  })
})
