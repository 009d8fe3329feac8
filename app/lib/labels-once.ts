// A page that repeats its labels (the ways list asks for the same few on every card) looks each one up once per
// render: a lookup by i18next walks its namespaces, key separators and fallbacks every time. A label with values
// (a card's "purpose: {{purposes}}") is looked up once per set of value names as a template, with a marker in place
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

/** `t`, answering a key from what it answered before; a label i18next chooses by its options is asked every time. */
export function labelsOnce(t: TFunction): TFunction {
  const ask = t as unknown as (...a: unknown[]) => unknown
  const known = new Map<string, string>()
  /** key and value names → the label's text split at its markers: text, value name, text, value name, …, text. */
  const templates = new Map<string, string[]>()
  const once = (key: unknown, ...rest: unknown[]) => {
    if (typeof key !== 'string') return ask(key, ...rest)
    if (rest.length === 0) {
      let text = known.get(key)
      if (text === undefined) known.set(key, (text = String(t(key))))
      return text
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
      templates.set(id, parts)
    }
    if (parts.length === 0) return ask(key, ...rest)
    const values = rest[0] as Record<string, string | number>
    let out = ''
    for (let i = 0; i < parts.length; i++) out += i % 2 === 0 ? parts[i] : String(values[parts[i]!])
    return out
  }
  return once as unknown as TFunction
}
