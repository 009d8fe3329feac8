// Loads locales/<lang>/<namespace>.json at build time.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Resource } from 'i18next'
import type { Locale } from '~/domain/locale'
import { i18nFor, lng } from './i18n'

const files = localeFiles()

function localeFiles(): Record<string, Record<string, unknown>> {
  try {
    return import.meta.glob('../../locales/*/*.json', { eager: true, import: 'default' }) as Record<string, Record<string, unknown>>
  } catch {
    // Outside Vite (the admin CLI runs under tsx, e.g. its export): read the same files from disk.
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../locales')
    const out: Record<string, Record<string, unknown>> = {}
    for (const lang of fs.readdirSync(root)) {
      for (const file of fs.readdirSync(path.join(root, lang)).filter((f) => f.endsWith('.json'))) {
        out[`../../locales/${lang}/${file}`] = JSON.parse(fs.readFileSync(path.join(root, lang, file), 'utf8'))
      }
    }
    return out
  }
}

export const resources: Resource = {}
for (const [file, content] of Object.entries(files)) {
  const m = /locales\/(\w+)\/(\w+)\.json$/.exec(file)
  if (!m) continue
  const [, lang, ns] = m
  ;(resources[lang!] ??= {})[ns!] = content as never
}

/** The resources the client needs for a locale: its own language only (both catalogues are complete). */
export function clientResources(locale: Locale): Resource {
  const own = lng(locale)
  return { [own]: resources[own]! }
}

export function serverI18n(locale: Locale) {
  return i18nFor(locale, resources as never)
}

export function tFor(locale: Locale) {
  return serverI18n(locale).t
}

// Create both instances with the full catalogues before anything else asks for them.
serverI18n('de_DE')
serverI18n('en_US')
