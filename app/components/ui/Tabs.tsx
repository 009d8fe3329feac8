import { useEffect, useRef, type ReactNode } from 'react'
import { Link } from 'react-router'

type TabItem = {
  to: string
  label: ReactNode
  /** Marks the link with aria-current="page". */
  current?: boolean
  /** Full page load (e.g. downloads). */
  reloadDocument?: boolean
}

export type TabsProps = {
  items: readonly TabItem[]
  /** aria-label of the <nav>, e.g. "Sub navigation". */
  label: string
  /** Keep the scroll position when switching tabs. */
  preventScrollReset?: boolean
  className?: string
}

/** Sub-navigation: <nav><ul class="tabs"> of links; scrolls horizontally on narrow screens. */
export function Tabs({ items, label, preventScrollReset, className }: TabsProps) {
  const listRef = useRef<HTMLUListElement>(null)
  const currentIndex = items.findIndex((i) => i.current)
  // With JS: bring the current tab into view inside the scrollable list (without scrolling the page).
  useEffect(() => {
    const list = listRef.current
    const current = list?.querySelector<HTMLElement>('[aria-current="page"]')?.parentElement
    if (!list || !current || list.scrollWidth <= list.clientWidth) return
    const left = current.offsetLeft
    const right = left + current.offsetWidth
    if (left < list.scrollLeft || right > list.scrollLeft + list.clientWidth) list.scrollLeft = Math.max(0, left - 16)
  }, [currentIndex])
  return (
    <nav aria-label={label} className={className}>
      <ul className="tabs" ref={listRef}>
        {items.map((item, index) => (
          <li key={index}>
            <Link
              to={item.to}
              aria-current={item.current ? 'page' : undefined}
              preventScrollReset={preventScrollReset}
              reloadDocument={item.reloadDocument}
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
