import type { ReactNode } from 'react'
import { Icon, type IconName } from '~/components/icons/ModeSprite'
import { cx } from './cx'

export type EmptyStateProps = {
  title: ReactNode
  /** Explanation text. */
  children?: ReactNode
  /** Usually a ButtonLink. */
  action?: ReactNode
  icon?: IconName
  /** Heading level of the title, default 2. */
  headingLevel?: 2 | 3
  className?: string
}

/** "Nothing here yet" box (.empty-state). */
export function EmptyState({ title, children, action, icon, headingLevel = 2, className }: EmptyStateProps) {
  const Heading = headingLevel === 3 ? 'h3' : 'h2'
  return (
    <section className={cx('empty-state', className)}>
      {icon ? (
        <div className="empty-state__icon">
          <Icon name={icon} />
        </div>
      ) : null}
      <Heading className="empty-state__title">{title}</Heading>
      {children ? <div className="empty-state__text">{children}</div> : null}
      {action ? <div className="empty-state__action">{action}</div> : null}
    </section>
  )
}
