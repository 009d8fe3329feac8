// A page that repeats its labels (the ways list asks for the same few on every card) looks each one up once: a lookup
// by i18next walks its namespaces, key separators and fallbacks every time. The server's catalogues do not change
// while it runs, so what a key answered in a language is kept for every later render in that language. A label with
// values (a card's "purpose: {{purposes}}") is kept once per set of value names as a template, with a marker in place
// of each value, and filled in after; one that i18next itself chooses by an option (a count's plural, a context) is
// asked every time.
import type { TFunction } from 'i18next'

/** The options i18next reads itself: a call with any of them is asked of `t`. */
const I18NEXT_OWN = new Set([
  'count',
  'context',
  'ordinal',
  'defaultValue',
  'lng',
  'lngs',
  'ns',
  'fallbackLng',
  'returnObjects',
  'returnDetails',
  'joinArrays',
  'postProcess',
  'interpolation',
  'skipInterpolation',
  'replace',
  'keySeparator',
  'nsSeparator',
])

const marker = (name: string) => `\u0000${name}\u0000`

/** The names of a call's values when every one is a plain value to fill in (text or number), else null. */
function fillNames(options: unknown): string[] | null {
  if (options == null || typeof options !== 'object' || Array.isArray(options)) return null
  const names = Object.keys(options).sort()
  for (const name of names) {
    const v = (options as Record<string, unknown>)[name]
    if (I18NEXT_OWN.has(name) || (typeof v !== 'string' && typeof v !== 'number')) return null
  }
  return names
}

/** Labels kept at most per language (keys and templates): the code names a few hundred. */
const MAX_KEPT = 2000

type Kept = { known: Map<string, string>; templates: Map<string, string[]> }
const byLanguage = new Map<string, Kept>()

/**
 * `t`, answering a key from what `t` answered before in this language (its catalogue and default namespace: the
 * caller names them in `language`); a label i18next chooses by its options is asked every time.
 */
export function labelsOnce(t: TFunction, language: string): TFunction {
  const ask = t as unknown as (...a: unknown[]) => unknown
  let kept = byLanguage.get(language)
  if (!kept) byLanguage.set(language, (kept = { known: new Map(), templates: new Map() }))
  const { known, templates } = kept
  const keep = <V>(map: Map<string, V>, id: string, value: V) => {
    if (map.size < MAX_KEPT) map.set(id, value)
    return value
  }
  const once = (key: unknown, ...rest: unknown[]) => {
    if (typeof key !== 'string') return ask(key, ...rest)
    if (rest.length === 0) {
      return known.get(key) ?? keep(known, key, String(t(key)))
    }
    const names = rest.length === 1 ? fillNames(rest[0]) : null
    if (!names) return ask(key, ...rest)
    const id = `${key}\u0001${names.join('\u0001')}`
    let parts = templates.get(id)
    if (!parts) {
      const text = String(ask(key, Object.fromEntries(names.map((n) => [n, marker(n)]))))
      parts = text.split('\u0000')
      // Markers that do not pair up with the value names (a value shown twice is fine): ask every time instead.
      if (parts.length % 2 === 0 || parts.some((p, i) => i % 2 === 1 && !names.includes(p))) parts = []
      keep(templates, id, parts)
    }
    if (parts.length === 0) return ask(key, ...rest)
    const values = rest[0] as Record<string, string | number>
    let out = ''
    for (let i = 0; i < parts.length; i++) out += i % 2 === 0 ? parts[i] : String(values[parts[i]!])
    return out
  }
  return once as unknown as TFunction
}
