import type { ReactNode } from 'react'
import { Icon, type IconName } from '~/components/icons/ModeSprite'
import { cx } from './cx'

type NoticeType = 'info' | 'warning' | 'success' | 'error'

const ICONS: Record<NoticeType, IconName> = { info: 'info', warning: 'alert', success: 'check', error: 'alert' }

export type NoticeProps = {
  /** Default 'info'. */
  type?: NoticeType
  title?: ReactNode
  children?: ReactNode
  /** E.g. "status" for a message that appears after an action; static notices need no role. */
  role?: 'status' | 'alert'
  className?: string
}

/** A static message box (.notice .notice--info|warning|success|error). */
export function Notice({ type = 'info', title, children, role, className }: NoticeProps) {
  return (
    <div className={cx('notice', `notice--${type}`, className)} role={role}>
      <Icon name={ICONS[type]} />
      <div className="notice__body">
        {title ? <p className="notice__title">{title}</p> : null}
        {children}
      </div>
    </div>
  )
}
