// When a participant counts as inactive: nothing done for at least `days` whole days (24-hour periods) before
// now. Someone who never did anything counts as inactive from the moment they joined. A reminder goes to an
// inactive participant with ways waiting for them, and never again within the reminder interval.

const DAY_MS = 86_400_000

/** Whole days since the last activity (or since joining when there was none), never negative. */
export function daysInactive(lastActivity: Date | null, joined: Date, now: Date): number {
  const since = lastActivity ?? joined
  return Math.max(0, Math.floor((now.getTime() - since.getTime()) / DAY_MS))
}

export function isInactive(lastActivity: Date | null, joined: Date, now: Date, days: number): boolean {
  return daysInactive(lastActivity, joined, now) >= days
}

/** A reminder is due when they are inactive, have ways waiting, and the last reminder is older than the interval. */
export function reminderDue(o: {
  inactive: boolean
  waiting: number
  lastReminder: Date | null
  now: Date
  intervalDays: number
}): boolean {
  if (!o.inactive || o.waiting <= 0) return false
  return o.lastReminder === null || o.now.getTime() - o.lastReminder.getTime() >= o.intervalDays * DAY_MS
}
