// Runs of days without ways in the ways list: several consecutive open days (no ways, not yet marked as without
// ways) are shown as one card that can be confirmed in one go or opened day by day. Pure: the list page's loader
// groups its days with it, and the service checks nothing here (it checks every day of a run by itself).
import type { PageDay } from './listDays'
import { addDays, type Day } from './time'

/** How many consecutive open days make a run; fewer stay single cards. */
const MIN_RUN = 2

export type DayOrRun<T> = { kind: 'day'; day: T } | { kind: 'run'; from: Day; to: Day; days: T[] }

type ListDay = Pick<PageDay, 'day' | 'empty'>

/**
 * The list's days with every run of at least `minRun` open days folded into one entry. A run holds open days that
 * follow each other both in the list and in the calendar; a day with ways, a marked day or a gap in the calendar
 * ends it. Works in either order (newest or oldest first): the run keeps the list's order, `from` is its oldest day
 * and `to` its newest.
 */
export function groupNoTripRuns<T extends ListDay>(days: readonly T[], minRun = MIN_RUN): DayOrRun<T>[] {
  const out: DayOrRun<T>[] = []
  let run: T[] = []
  const flush = () => {
    if (run.length >= minRun) {
      const ends = [run[0].day, run[run.length - 1].day].sort()
      out.push({ kind: 'run', from: ends[0], to: ends[1], days: run })
    } else for (const day of run) out.push({ kind: 'day', day })
    run = []
  }
  for (const d of days) {
    if (d.empty !== 'open') {
      flush()
      out.push({ kind: 'day', day: d })
      continue
    }
    const last = run[run.length - 1]
    if (last && addDays(last.day, 1) !== d.day && addDays(last.day, -1) !== d.day) flush()
    run.push(d)
  }
  flush()
  return out
}

/** The URL form of a range of days, read where the list's browser code reads it too (dayRange.ts). */
export { parseDayRange } from './dayRange'
