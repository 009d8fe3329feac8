import { Fragment } from 'react'
import { Link } from 'react-router'
import { Icon } from '~/components/icons/ModeSprite'
import { cx } from './cx'

type PaginatorLabels = {
  /** aria-label of the <nav>, e.g. "Pages". */
  nav: string
  previous: string
  next: string
  /** Accessible name of a page link, e.g. (n) => `Page ${n}`; must contain the number. */
  page: (page: number) => string
}

export type PaginatorProps = {
  /** Current page (1-based). */
  current: number
  /** Number of pages. Nothing is rendered when ≤ 1. */
  count: number
  /** Page numbers to show as links (gaps between non-consecutive numbers become "…"). */
  visible: readonly number[]
  hrefFor: (page: number) => string
  labels: PaginatorLabels
  className?: string
}

export function Paginator({ current, count, visible, hrefFor, labels, className }: PaginatorProps) {
  if (count <= 1) return null
  const pages = [...new Set(visible)].filter((p) => Number.isInteger(p) && p >= 1 && p <= count).sort((a, b) => a - b)
  const hasPrevious = current > 1
  const hasNext = current < count
  return (
    <nav className={cx('paginator', className)} aria-label={labels.nav}>
      <ul className="paginator__list">
        <li>
          {hasPrevious ? (
            <Link className="paginator__link paginator__link--previous" to={hrefFor(current - 1)} rel="prev">
              <Icon name="chevron-left" />
              <span className="paginator__label">{labels.previous}</span>
            </Link>
          ) : (
            <span className="paginator__link paginator__link--previous paginator__link--disabled" aria-hidden="true">
              <Icon name="chevron-left" />
              <span className="paginator__label">{labels.previous}</span>
            </span>
          )}
        </li>
        {pages.map((page, i) => (
          <Fragment key={page}>
            {i > 0 && page - pages[i - 1] > 1 ? (
              <li className="paginator__gap" aria-hidden="true">
                …
              </li>
            ) : null}
            <li>
              <Link
                className="paginator__link"
                to={hrefFor(page)}
                aria-label={labels.page(page)}
                aria-current={page === current ? 'page' : undefined}
              >
                {page}
              </Link>
            </li>
          </Fragment>
        ))}
        <li>
          {hasNext ? (
            <Link className="paginator__link paginator__link--next" to={hrefFor(current + 1)} rel="next">
              <span className="paginator__label">{labels.next}</span>
              <Icon name="chevron-right" />
            </Link>
          ) : (
            <span className="paginator__link paginator__link--next paginator__link--disabled" aria-hidden="true">
              <span className="paginator__label">{labels.next}</span>
              <Icon name="chevron-right" />
            </span>
          )}
        </li>
      </ul>
    </nav>
  )
}
