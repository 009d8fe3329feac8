// A page that repeats its labels (the ways list asks for the same few on every card) looks each one up once per
// render: a lookup by i18next walks its namespaces, key separators and fallbacks every time.
import type { TFunction } from 'i18next'

/** `t`, answering a key asked without options from what it answered before; one with options asks `t` every time. */
export function labelsOnce(t: TFunction): TFunction {
  const known = new Map<string, string>()
  const once = (key: unknown, ...rest: unknown[]) => {
    if (rest.length > 0 || typeof key !== 'string') return (t as unknown as (...a: unknown[]) => unknown)(key, ...rest)
    let text = known.get(key)
    if (text === undefined) known.set(key, (text = String(t(key))))
    return text
  }
  return once as unknown as TFunction
}
