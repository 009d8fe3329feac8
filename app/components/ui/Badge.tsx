import { cx } from './cx'

type BadgeStatus = 'reported' | 'questionnairesUnanswered' | 'unconfirmed' | 'confirmed' | 'neutral'

const STATUS_CLASS: Record<BadgeStatus, string> = {
  reported: 'badge--reported',
  questionnairesUnanswered: 'badge--unanswered',
  unconfirmed: 'badge--unconfirmed',
  confirmed: 'badge--confirmed',
  neutral: 'badge--neutral',
}

export type BadgeProps = {
  status: BadgeStatus
  /** Visible (translated) text; colour is never the only cue. */
  label: string
  className?: string
}

export function Badge({ status, label, className }: BadgeProps) {
  return <span className={cx('badge', STATUS_CLASS[status], className)}>{label}</span>
}
