// Where each value of a JSON text starts: its line number (from 1), keyed by its path (['questionnaires', 0, 'id']
// joined as 'questionnaires\u00000\u0000id'). A key's line is the line of the key itself, so a problem with a field
// points at the line that names it. Only reads texts JSON.parse accepts; on anything else it returns what it found.

const pathKey = (path: readonly PropertyKey[]) => path.map(String).join('\u0000')

export function jsonLines(text: string): Map<string, number> {
  const lines = new Map<string, number>()
  let i = 0
  let line = 1
  const skip = () => {
    for (; i < text.length; i++) {
      const c = text[i]
      if (c === '\n') line++
      else if (c !== ' ' && c !== '\t' && c !== '\r') break
    }
  }
  const string = (): string => {
    const start = i
    i++ // opening quote
    for (; i < text.length && text[i] !== '"'; i++) if (text[i] === '\\') i++
    i++
    return JSON.parse(text.slice(start, i)) as string
  }
  const value = (path: PropertyKey[]) => {
    skip()
    if (!lines.has(pathKey(path))) lines.set(pathKey(path), line)
    const c = text[i]
    if (c === '{') {
      i++
      skip()
      if (text[i] === '}') return void i++
      while (i < text.length) {
        skip()
        const keyLine = line
        const key = string()
        lines.set(pathKey([...path, key]), keyLine)
        skip()
        i++ // colon
        value([...path, key])
        skip()
        if (text[i++] !== ',') return
      }
    } else if (c === '[') {
      i++
      skip()
      if (text[i] === ']') return void i++
      for (let n = 0; i < text.length; n++) {
        value([...path, n])
        skip()
        if (text[i++] !== ',') return
      }
    } else if (c === '"') string()
    else while (i < text.length && /[^,\]}\s]/.test(text[i])) i++
  }
  try {
    value([])
  } catch {
    // Not JSON after all: keep what was found.
  }
  return lines
}

/** The line of the deepest known prefix of `path` (a missing field points at its object). */
export function lineOf(lines: Map<string, number>, path: readonly PropertyKey[]): number | null {
  for (let n = path.length; n >= 0; n--) {
    const found = lines.get(pathKey(path.slice(0, n)))
    if (found !== undefined) return found
  }
  return null
}

/**
 * How deeply a JSON text nests arrays and objects (0 for a bare value), read without recursion, so a hostile file
 * cannot exhaust the stack. The researcher's files nest a few levels; anything past MAX_FILE_NESTING is refused
 * before it is parsed further or sent anywhere.
 */
export const MAX_FILE_NESTING = 64

export function nestingDepth(text: string): number {
  let depth = 0
  let deepest = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (inString) {
      if (c === '\\') i++
      else if (c === '"') inString = false
    } else if (c === '"') inString = true
    else if (c === '{' || c === '[') deepest = Math.max(deepest, ++depth)
    else if (c === '}' || c === ']') depth--
  }
  return deepest
}
