// The order of a questionnaire's questions, sub-questions (matrix rows) and answer options: their sortingIdx, then
// their order in the file. Pure, and free of the question engine, so every question type can use it.

const bySort = <T extends { sortingIdx?: number | null }>(list: readonly T[]): T[] =>
  list
    .map((item, i) => ({ item, i }))
    .sort((a, b) => (a.item.sortingIdx ?? 0) - (b.item.sortingIdx ?? 0) || a.i - b.i)
    .map((x) => x.item)

/** Questions of a section in their sorting order (sortingIdx, then file order). */
export function sortedQuestions<Q extends { sortingIdx?: number | null }>(section: { questions: Q[] }): Q[] {
  return bySort(section.questions)
}
/** Sub-questions (matrix rows) and answer options in their sorting order. */
export function sortedSubQuestions<S extends { sortingIdx?: number | null }>(q: { subQuestions: S[] }): S[] {
  return bySort(q.subQuestions)
}
export function sortedOptions<O extends { sortingIdx?: number | null }>(sub: { answOpts: O[] }): O[] {
  return bySort(sub.answOpts)
}
