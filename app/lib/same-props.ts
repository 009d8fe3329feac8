// Props compared by what they hold, for components that should not render again when their page does. A page's render
// after a navigation or a post makes new objects of the same data (the loader's answer, the address's parameters),
// and a component rendered again for them re-applies its DOM: React resets and sets again the name and type of every
// <input> it renders, which makes the browser restyle them, and a map's lines are drawn anew. Functions are the same
// only when they are the same function, anything else when its JSON is. Not for props that hold React elements or
// objects whose JSON does not say what they hold (URLSearchParams, Map).
export function sameProps<P extends object>(a: P, b: P): boolean {
  const keys = Object.keys(a) as (keyof P)[]
  if (keys.length !== Object.keys(b).length) return false
  return keys.every((key) => sameValue(a[key], b[key]))
}

function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  return JSON.stringify(a) === JSON.stringify(b)
}
