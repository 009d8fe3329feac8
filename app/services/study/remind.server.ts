// Reminder e-mails to participants who have gone quiet (`npm run admin -- remind`): at most one per interval, also
// when runs overlap; a dry run lists who would get one.
import { and, eq, max, sql } from 'drizzle-orm'
import type { DbOrTx } from '~/db/connect.server'
import { reminders } from '~/db/schema'
import { reminderDue } from '~/domain/activity'
import { log } from '~/infra/log.server'
import type { Mailer } from '~/infra/mailer.server'
import { reminderMail } from '../mail-templates.server'
import { studyStatus, type ParticipantStatus } from '../study.server'

interface RemindOptions {
  campaignId: number
  inactiveDays: number
  /** No second reminder within this many days. */
  intervalDays: number
  dryRun: boolean
  now?: Date
}

interface RemindDeps {
  mailer: Mailer
  publicUrl: string
  projectTitle: string
}

/** The advisory lock's first key: reminders (its second key is the campaign). */
const REMIND_LOCK = 231_001

/**
 * E-mails every inactive participant with a confirmed address and ways waiting, in their language, at most once per
 * interval, also when several runs overlap: each reminder is claimed (recorded) under a database lock per campaign
 * that re-reads the participant's last one, and only then sent; a mail that cannot be sent gives its claim back. The
 * log names the reminder's id, the campaign and the counts, never an address or a name. A dry run lists who would
 * get one and sends nothing.
 */
export async function remind(db: DbOrTx, deps: RemindDeps, o: RemindOptions): Promise<string[]> {
  const now = o.now ?? new Date()
  const status = await studyStatus(db, { campaignId: o.campaignId, now, inactiveDays: o.inactiveDays })
  const isDue = (p: ParticipantStatus, lastReminder = p.lastReminder) =>
    p.verified &&
    reminderDue({ inactive: p.inactive, waiting: p.waiting, lastReminder, now, intervalDays: o.intervalDays })
  const due = status.participants.filter((p) => isDue(p))
  const waitingFor = status.participants.filter((p) => p.verified && p.inactive && p.waiting > 0)
  let skippedRecent = waitingFor.length - due.length
  const out: string[] = []
  let sent = 0
  for (const p of due) {
    if (o.dryRun) {
      out.push(`would remind ${p.pseudonym} (${p.waiting} ways waiting, inactive ${p.daysInactive} days, ${p.locale})`)
      continue
    }
    const claim = await claimReminder(db, o.campaignId, p, now, (last) => isDue(p, last))
    if (claim == null) {
      skippedRecent++
      continue
    }
    try {
      await deps.mailer.send(
        reminderMail({
          to: p.email,
          locale: p.locale,
          publicUrl: deps.publicUrl,
          projectTitle: deps.projectTitle,
          waiting: p.waiting,
          daysInactive: p.daysInactive,
          intervalDays: o.intervalDays,
        }),
      )
    } catch (e) {
      await db.delete(reminders).where(eq(reminders.id, claim))
      throw e
    }
    log.info({
      msg: 'reminder sent',
      reminder: claim,
      campaign: o.campaignId,
      locale: p.locale,
      waiting: p.waiting,
      daysInactive: p.daysInactive,
    })
    sent++
  }
  out.push(
    `${o.dryRun ? 'dry run: would send' : 'sent'} ${o.dryRun ? due.length : sent} reminder(s) for campaign ${o.campaignId}; ` +
      `${status.totals.inactive} inactive for ${o.inactiveDays}+ days, ${skippedRecent} reminded within the last ${o.intervalDays} days`,
  )
  return out
}

/**
 * Records a reminder for the participant unless another run did meanwhile (read again under the campaign's lock,
 * held until the row is written): its id, or null when it is no longer due.
 */
async function claimReminder(
  db: DbOrTx,
  campaignId: number,
  p: ParticipantStatus,
  now: Date,
  stillDue: (lastReminder: Date | null) => boolean,
): Promise<number | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${REMIND_LOCK}, ${campaignId})`)
    const [last] = await tx
      .select({ at: max(reminders.sentAt) })
      .from(reminders)
      .where(and(eq(reminders.userId, p.userId), eq(reminders.campaignId, campaignId)))
    if (!stillDue(last?.at ?? null)) return null
    const [row] = await tx
      .insert(reminders)
      .values({ userId: p.userId, campaignId, sentAt: now })
      .returning({ id: reminders.id })
    return row!.id
  })
}
