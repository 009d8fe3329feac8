import type { HTMLAttributes } from 'react'
import { Link, type LinkProps } from 'react-router'
import { cx } from './cx'

export type CardProps = HTMLAttributes<HTMLElement> & {
  /** Element to render, default 'div'. */
  as?: 'div' | 'section' | 'article' | 'aside' | 'li'
}

/** White box with border, radius and a light shadow (.card). */
export function Card({ as: Tag = 'div', className, ...rest }: CardProps) {
  return <Tag className={cx('card', className)} {...rest} />
}

/**
 * A whole card that is one link (<a class="card card--link">). Keep the content short: all of it becomes the
 * link text. For cards with more content use <Card className="card--link"> with one <Link className="card__link">
 * inside (usually in the heading); its hit area is stretched over the whole card.
 */
export function LinkCard({ className, ...rest }: LinkProps) {
  return <Link className={cx('card card--link', className)} {...rest} />
}
