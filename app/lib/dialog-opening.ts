// A dialog opens in the frame of its tap. Its link is an ordinary link to the dialog's address, and the router's
// navigation to it needs nothing from the server (dialog-revalidation.ts), but that navigation renders the whole page
// again for the new address, and the dialog would appear only after it (70 ms and more on a slow phone). So each
// component that renders one of a page's dialogs reads which one is open from `useDialogSearch`: a tap on a link that
// only opens, closes or changes one of the page's dialogs is seen before the router acts (`useDialogTaps`), those
// components alone render at once, and the page's render for the new address follows behind them.
//
// What a tap recorded counts while the router still shows the location the tap was made on; once the router has
// moved on, the record is dropped and its address is again the only source. One exception: a dialog closed before
// the router has arrived at its address (`closeBeforeArrival`) stays closed when the router gets there, and the
// router is then sent on to the address without the dialog, as a close after its arrival would have done.
// Without JavaScript nothing of this runs; the link is a link.
import { useEffect, useLayoutEffect, useMemo, useRef, useSyncExternalStore } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { onlyDialogChanged, opensDialog, type DialogParams } from '~/domain/dialogUrl'

type Opening = {
  /** The router's location key the tap was made on. */
  key: string
  /** The search the dialogs show. */
  search: string
  /** Closed before the router arrived: the search the router is on its way to, and where to go from there. */
  closed?: { arriving: string; to: string }
}

let opening: Opening | null = null
/** The link a touch is opening a dialog from, while that dialog renders (no click, so the link did not take focus). */
let touchOpener: HTMLAnchorElement | null = null

/**
 * The element a dialog that opens now gives focus back to when it closes: the link a touch opened it from (a click
 * focuses its link; a touch handled here makes no click), else whatever has focus.
 */
export function focusBeforeOpening(): Element | null {
  const opener = touchOpener
  touchOpener = null
  return opener?.isConnected ? opener : document.activeElement
}
/** Taps on links that the router took since the page loaded (any link, not only a dialog's). */
let routerTaps = 0
const listeners = new Set<() => void>()
const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
const current = () => opening
const none = () => null

function record(next: Opening | null) {
  opening = next
  for (const listener of listeners) listener()
}

/**
 * Runs `work` once the browser has drawn the next frame: a task queued from that frame's animation callback runs after
 * the frame has been painted, so whatever the frame shows is not held up by it.
 */
export function afterNextFrame(work: () => void) {
  requestAnimationFrame(() => window.setTimeout(work, 0))
}

/** How far a finger may move, and how long it may stay down, for its touch to count as a tap on a dialog's link. */
const TAP_SLOP_PX = 10
const TAP_MAX_MS = 500
/** No modifier key is held (a click or a touch with one is the browser's: a new tab, a download, …). */
const noModifier = (event: Pick<MouseEvent | TouchEvent, 'metaKey' | 'altKey' | 'ctrlKey' | 'shiftKey'>) =>
  !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)

/** A click with the main button and no modifier key: one that a link of the page's own takes. */
export const isPlainClick = (event: Pick<MouseEvent, 'button' | 'metaKey' | 'altKey' | 'ctrlKey' | 'shiftKey'>) =>
  event.button === 0 && noModifier(event)

/** The search the dialogs show at this router location. */
function shownSearch(o: Opening | null, location: { key: string; search: string }) {
  if (!o) return location.search
  if (o.key === location.key) return o.search
  if (o.closed && location.search === o.closed.arriving) return o.search
  return location.search
}

/**
 * Watches the page's taps on links that only open, close or change one of its dialogs (the page's own `dialogs`
 * rule) and records the address each leads to. One component of the page calls it; every dialog reads the address
 * with `useDialogSearch`.
 */
export function useDialogTaps(dialogs: DialogParams) {
  const location = useLocation()
  const navigate = useNavigate()
  // The router's location as the page shows it now, for the listener (set before any later tap can be handled).
  const shown = useRef(location)
  useLayoutEffect(() => {
    shown.current = location
    // The router has moved on: a tap recorded on another location says nothing about this one (a Back to that
    // location must show what its own address says).
    const o = opening
    if (o && !o.closed && o.key !== location.key) record(null)
  }, [location])

  useEffect(() => {
    // A plain click's or a touch's target within a link of this site, made on the location the page shows: the link,
    // and where it leads from and to. Null for any other.
    const tapOf = (target: EventTarget | null) => {
      const link = target instanceof Element ? target.closest('a[href]') : null
      if (
        !(link instanceof HTMLAnchorElement) ||
        (link.target && link.target !== '_self') ||
        link.hasAttribute('download')
      )
        return null
      const at = shown.current
      const here = new URL(at.pathname + at.search, window.location.href)
      const next = new URL(link.href, here)
      return next.origin === here.origin ? { link, at, here, next } : null
    }
    // The router's navigation to the dialog's address, once the frame that draws the dialog is drawn; skipped when the
    // router has meanwhile moved on.
    const navigateAfterFrame = ({ at, next }: { at: typeof shown.current; next: URL }) =>
      afterNextFrame(() => {
        if (shown.current.key === at.key)
          void navigate(next.pathname + next.search + next.hash, { preventScrollReset: true })
      })
    // A tap the router takes (or that is taken for it): counted, and recorded when it only changes the dialogs.
    const taken = (tap: NonNullable<ReturnType<typeof tapOf>>) => {
      routerTaps++
      if (onlyDialogChanged(tap.here, tap.next, dialogs)) record({ key: tap.at.key, search: tap.next.search })
    }
    // On the window, after the page's own handlers: the render it causes may remove the link (a dialog's close link,
    // the link that switches the dialog), and a link removed before React Router's handler ran would be followed by
    // the browser as a new document. The router's navigation has only started then; its render comes later.
    const onClick = (event: MouseEvent) => {
      const tap = event.defaultPrevented && isPlainClick(event) ? tapOf(event.target) : null
      if (tap) taken(tap)
    }
    // A link that opens one of the page's dialogs, from the page or from another dialog: the router's navigation to it
    // (its matching, its data strategy, the history entry; 20–40 ms on a slow phone) waits until the frame that draws
    // the dialog has been drawn. Taken before React's handlers (capture), so the link's own handler sees it taken and
    // leaves it; the listener above then records the dialog's address as for any other tap, and the navigation that
    // follows is the one the link would have made (a new history entry, no scroll). Skipped when the router has
    // meanwhile moved on.
    const onOpenerClick = (event: MouseEvent) => {
      const tap = event.defaultPrevented || !isPlainClick(event) ? null : tapOf(event.target)
      if (!tap || !opensDialog(tap.here, tap.next, dialogs)) return
      event.preventDefault()
      navigateAfterFrame(tap)
    }
    // A touch that lifts where it went down, on such a link, opens the dialog as the finger lifts: the click that the
    // browser would make of it comes one frame or more later (its gesture is recognised only after the touch's end
    // has been handled). Cancelling the touch's end means no click follows (no mouse events either, so no second
    // opening). A touch that scrolled (its end can no longer be cancelled), moved, lasted long enough to be a press,
    // used two fingers or a modifier key is left to the browser.
    let touch: { x: number; y: number; at: number } | null = null
    const onTouchStart = (event: TouchEvent) => {
      const t = event.touches.length === 1 ? event.touches[0] : null
      touch = t ? { x: t.clientX, y: t.clientY, at: event.timeStamp } : null
    }
    const onTouchEnd = (event: TouchEvent) => {
      const start = touch
      touch = null
      const t = event.changedTouches.length === 1 ? event.changedTouches[0] : null
      if (!start || !t || !event.cancelable || event.defaultPrevented || event.touches.length > 0) return
      if (!noModifier(event)) return
      if (Math.hypot(t.clientX - start.x, t.clientY - start.y) > TAP_SLOP_PX) return
      if (event.timeStamp - start.at > TAP_MAX_MS) return
      const tap = tapOf(event.target)
      if (!tap || !opensDialog(tap.here, tap.next, dialogs)) return
      event.preventDefault()
      // Until the dialog has rendered (React renders it in a microtask after this handler) and its frame is drawn.
      touchOpener = tap.link
      taken(tap)
      afterNextFrame(() => (touchOpener = null))
      navigateAfterFrame(tap)
    }
    window.addEventListener('click', onOpenerClick, true)
    window.addEventListener('click', onClick)
    window.addEventListener('touchstart', onTouchStart, { capture: true, passive: true })
    window.addEventListener('touchend', onTouchEnd, { capture: true, passive: false })
    return () => {
      window.removeEventListener('click', onOpenerClick, true)
      window.removeEventListener('click', onClick)
      window.removeEventListener('touchstart', onTouchStart, true)
      window.removeEventListener('touchend', onTouchEnd, true)
    }
  }, [dialogs, navigate])

  // The router has arrived at the address of a dialog that was closed before it got there: on to the address without
  // it (a replace, as closing does), while the dialogs keep showing it closed.
  useEffect(() => {
    const o = opening
    if (!o?.closed || o.key === location.key) return
    // The router went somewhere else instead: nothing is on its way any more.
    if (location.search !== o.closed.arriving) return record(null)
    record({ key: location.key, search: o.search })
    void navigate(o.closed.to, { replace: true, preventScrollReset: true })
  }, [location.key, location.search, navigate])
}

/**
 * The page's dialog parameters as the participant asked for them: the address the last tap on a dialog link led to,
 * while the router still shows the address it was made on; otherwise the router's own address.
 */
export function useDialogSearch(): URLSearchParams {
  const location = useLocation()
  const early = useSyncExternalStore(subscribe, current, none)
  const search = shownSearch(early, location)
  return useMemo(() => new URLSearchParams(search), [search])
}

/**
 * Closing a dialog that a tap opened while the router has not yet shown its address (`routerKey`: the router's
 * location the page shows now). The dialogs show it closed from now on, and once the router is at its address it
 * goes on to `closeHref`: true then, and the caller navigates nowhere itself. False when no tap is on its way.
 */
export function closeBeforeArrival(closeHref: string, routerKey: string): boolean {
  const o = opening
  if (!o || o.key !== routerKey || o.closed) return false
  const search = new URL(closeHref, window.location.href).search
  record({ key: o.key, search, closed: { arriving: o.search, to: closeHref } })
  return true
}

/**
 * How many taps on links the router has taken so far, on a page that watches its dialog taps. A navigation the page
 * starts by itself after a render (closing an answered dialog) compares the count it rendered with to the count when
 * it runs: a tap in between has a navigation of its own on the way, which the page's must not overtake.
 */
export const routerTapsSoFar = () => routerTaps
