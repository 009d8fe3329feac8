// A dialog opens in the frame of its tap. Its link is an ordinary link to the dialog's address, and the router's
// navigation to it needs nothing from the server (dialog-revalidation.ts), but that navigation renders the whole page
// again for the new address, and the dialog would appear only after it (70 ms and more on a slow phone). So each
// component that renders one of a page's dialogs reads which one is open from `useDialogSearch`: a tap on a link that
// only opens, closes or changes one of the page's dialogs is seen before the router acts (`useDialogTaps`), those
// components alone render at once, and the page's render for the new address follows behind them. Once the router's address has moved
// on, the address is again the only source: what the tap recorded counts only while the router still shows the
// address the tap was made on. Without JavaScript nothing of this runs; the link is a link.
import { useEffect, useMemo, useSyncExternalStore } from 'react'
import { useLocation } from 'react-router'
import { onlyDialogChanged, type DialogParams } from '~/domain/dialogUrl'

/** The search a tap led to, and the router's location key it was made on. */
type Opening = { key: string; search: string }

let opening: Opening | null = null
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

const isPlainClick = (event: MouseEvent) =>
  !event.defaultPrevented && event.button === 0 && !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)

/**
 * Watches the page's taps on links that only open, close or change one of its dialogs (the page's own `dialogs`
 * rule) and records the address each leads to. One component of the page calls it; every dialog reads the address
 * with `useDialogSearch`.
 */
export function useDialogTaps(dialogs: DialogParams) {
  const location = useLocation()
  useEffect(() => {
    // Capture phase: before React Router's own click handler starts the navigation.
    const onClick = (event: MouseEvent) => {
      if (!isPlainClick(event) || !(event.target instanceof Element)) return
      const link = event.target.closest('a[href]')
      if (
        !(link instanceof HTMLAnchorElement) ||
        (link.target && link.target !== '_self') ||
        link.hasAttribute('download')
      )
        return
      const here = new URL(location.pathname + location.search, window.location.href)
      const next = new URL(link.href, here)
      if (next.origin !== here.origin || !onlyDialogChanged(here, next, dialogs)) return
      record({ key: location.key, search: next.search })
    }
    document.addEventListener('click', onClick, true)
    return () => document.removeEventListener('click', onClick, true)
  }, [location.key, location.pathname, location.search, dialogs])
}

/**
 * The page's dialog parameters as the participant asked for them: the address the last tap on a dialog link led to,
 * while the router still shows the address it was made on; otherwise the router's own address.
 */
export function useDialogSearch(): URLSearchParams {
  const location = useLocation()
  const early = useSyncExternalStore(subscribe, current, none)
  const search = early && early.key === location.key ? early.search : location.search
  return useMemo(() => new URLSearchParams(search), [search])
}

/** Forgets a tap's dialog that is closed again before the router moved to it (the address never said it was open). */
export function forgetDialogOpening() {
  if (opening) record(null)
}
