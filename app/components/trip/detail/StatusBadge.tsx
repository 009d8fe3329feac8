// A way's status (reported, questions open, unconfirmed, confirmed) as a badge with its icon.
import { useTranslation } from 'react-i18next'
import { Icon, type IconName } from '~/components/icons/ModeSprite'
import { cx } from '~/components/ui'
import type { WayStatus } from '~/domain/wayState'

const STATUS_ICON: Record<WayStatus, IconName> = {
  reported: 'flag',
  questionnairesUnanswered: 'alert',
  unconfirmed: 'edit',
  confirmed: 'check',
}
const STATUS_CLASS: Record<WayStatus, string> = {
  reported: 'badge--reported',
  questionnairesUnanswered: 'badge--unanswered',
  unconfirmed: 'badge--unconfirmed',
  confirmed: 'badge--confirmed',
}

export function StatusBadge({ status }: { status: WayStatus }) {
  const { t } = useTranslation('trip')
  return (
    <span className={cx('badge trip-status', STATUS_CLASS[status])}>
      <Icon name={STATUS_ICON[status]} />
      {t(`status.${status}`)}
    </span>
  )
}
