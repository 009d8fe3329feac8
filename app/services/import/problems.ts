// A researcher file's problems: each with the path of its field, and zod's findings read as the best one per union.
import type { z } from 'zod'
import { formatPath } from '../schemas/campaign-file'

/** One problem of a file: where (the path as keys, and as text such as `questionnaires[0].type`) and what. */
export interface Problem {
  at: PropertyKey[]
  path: string
  message: string
}

export const problem = (at: PropertyKey[], message: string): Problem => ({ at, path: formatPath(at), message })

/**
 * Bad input: every problem found, one per line of the message, each starting with the path of its field, e.g.
 * `questionnaires[0].type: …`. `path` and `reason` are the first problem's.
 */
export class ImportError extends Error {
  public readonly problems: Problem[]
  constructor(path: string | Problem[], reason?: string) {
    const problems = typeof path === 'string' ? [{ at: [path], path, message: reason ?? '' }] : path
    super(problems.map((p) => `${p.path}: ${p.message}`).join('\n'))
    this.name = 'ImportError'
    this.problems = problems
  }
  get path() {
    return this.problems[0]?.path ?? ''
  }
  get reason() {
    return this.problems[0]?.message ?? ''
  }
}

type Issue = z.core.$ZodIssue

/**
 * The most telling issue: a union reports only "Invalid input", so descend into the branch that got furthest
 * (longest path, then a wrong value over a wrong type) and prefix the union's own path.
 */
function bestIssue(issue: Issue): { path: PropertyKey[]; message: string } {
  // A typo in a key reads best at the key itself.
  if (issue.code === 'unrecognized_keys') return { path: [...issue.path, issue.keys[0]], message: 'unknown field' }
  if (issue.code === 'invalid_type' && issue.message.endsWith('received undefined')) {
    return { path: issue.path, message: `required (${issue.expected})` }
  }
  if (issue.code !== 'invalid_union' || issue.errors.length === 0) return { path: issue.path, message: issue.message }
  const score = (i: Issue) => i.path.length * 2 + (i.code === 'invalid_type' ? 0 : 1)
  const branches = issue.errors.filter((b) => b.length > 0).map((b) => b[0])
  const best = branches.sort((a, b) => score(b) - score(a))[0]
  if (!best) return { path: issue.path, message: issue.message }
  const inner = bestIssue(best)
  return { path: [...issue.path, ...inner.path], message: inner.message }
}

/** Every problem zod found, each once, best issue per union. */
export function problemsOf(error: z.ZodError, prefix: PropertyKey[] = []): Problem[] {
  const seen = new Set<string>()
  const out: Problem[] = []
  for (const issue of error.issues) {
    const { path, message } = bestIssue(issue)
    const p = problem([...prefix, ...path], message)
    const key = `${p.path}\u0000${p.message}`
    if (!seen.has(key)) out.push(p)
    seen.add(key)
  }
  return out
}

export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown, prefix: PropertyKey[] = []): z.output<S> {
  const result = schema.safeParse(input)
  if (result.success) return result.data
  throw new ImportError(problemsOf(result.error, prefix))
}

/** "ignored read-only fields: distance (3×), legs[].id (7×)": what a file carried that the database computes. */
export function readOnlyNote(counts: Map<string, number>): string[] {
  if (!counts.size) return []
  return [`ignored read-only fields: ${[...counts].map(([k, n]) => `${k} (${n}×)`).join(', ')}`]
}
export const countKeys = (
  counts: Map<string, number>,
  obj: unknown,
  keys: readonly string[],
  label = (k: string) => k,
) => {
  if (!obj || typeof obj !== 'object') return
  for (const k of keys) if (Object.hasOwn(obj, k)) counts.set(label(k), (counts.get(label(k)) ?? 0) + 1)
}
