// Server-rendered modal that works without JavaScript.
//
// The page decides `open` from a search parameter (e.g. `?dialog=delete`) and links to it with
// `?dialog=delete#delete`. Without JS (and during hydration) the dialog is a plain
// <section class="dialog" id> in the page flow that the browser scrolls to; its close link goes to `closeHref`.
// After hydration it shows in the page's <dialog class="dialog"> opened with showModal() (native focus trap,
// ::backdrop), shown for its first frame as a popover (see showDialog), in the page's dialog layer; a dialog that
// leads to the next hands that element over, still open (see hostDialog).
// A control marked `data-autofocus` (with `autoFocus` for the page without JavaScript) takes focus when it opens.
// Escape and the close controls navigate to `closeHref` (replace, preventScrollReset); when it goes away, focus
// returns to the element that had focus before it opened, else to the element with data-dialog-return="<id>".
import {
  createContext,
  useCallback,
  useContext,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react'
import { createPortal } from 'react-dom'
import { Link, useLocation, useNavigate, type LinkProps } from 'react-router'
import { useHydrated } from 'remix-utils/use-hydrated'
import { Icon } from '~/components/icons/ModeSprite'
import { buttonClass } from './Button'
import { cx } from './cx'
import { afterNextFrame, closeBeforeArrival, focusBeforeOpening, isPlainClick } from '~/lib/dialog-opening'

export type DialogProps = {
  /** Element id (the page links to `#id`); the title gets `${id}-title`. */
  id: string
  title: ReactNode
  /** Usually `searchParams.get('dialog') === id`. When false nothing is rendered. */
  open: boolean
  /** Where closing goes: the current URL without the dialog parameter (add `#opener-id` for the no-JS case if useful). */
  closeHref: string
  children?: ReactNode
  /** Accessible name of the × link, default "Close". */
  closeLabel?: string
  className?: string
}

/** Shown as a popover, as it is in its first frame (see showDialog); false where the browser has no popovers. */
const popoverOpen = (dialog: HTMLDialogElement) => 'showPopover' in dialog && dialog.matches(':popover-open')

/** The participant sees the dialog: open as a modal, or in its first frame as a popover. */
const isShown = (dialog: HTMLDialogElement) => dialog.open || popoverOpen(dialog)

function hide(dialog: HTMLDialogElement) {
  if (dialog.open) dialog.close()
  else if (popoverOpen(dialog)) dialog.hidePopover()
}

function showModal(dialog: HTMLDialogElement) {
  try {
    dialog.showModal()
  } catch {
    dialog.setAttribute('open', '')
  }
}

/**
 * Opening a modal makes the whole page behind it inert, and the browser restyles and repaints every element of the
 * page for that (on a 4× slowed phone a blank modal takes 40–70 ms to its first frame, a popover 13–16 ms). So the
 * dialog is first shown as a popover, which looks the same (top layer, ::backdrop), and becomes the modal once that
 * frame is drawn (its autofocus control, focused at once, keeps the focus): from then on the page behind is inert,
 * Escape cancels it, and the focus stays inside. An Escape in that first frame is not seen. Then the page behind does
 * not scroll (html.dialog-open): its new overflow lays out the whole page, which the participant should not wait for
 * either.
 */
function showDialog(dialog: HTMLDialogElement) {
  if ('showPopover' in dialog) {
    dialog.popover = 'manual'
    dialog.showPopover()
  } else showModal(dialog)
  afterNextFrame(() => {
    // Unless it was closed meanwhile.
    if (dialog.isConnected && popoverOpen(dialog)) {
      dialog.hidePopover()
      dialog.removeAttribute('popover')
      showModal(dialog)
    }
    document.documentElement.classList.toggle('dialog-open', anyModalOpen())
  })
}

const anyModalOpen = () => !!document.querySelector('dialog.dialog[open]')

/** Unless another modal is open (one dialog leads to the next). */
function unlockPageScroll() {
  if (!anyModalOpen()) document.documentElement.classList.remove('dialog-open')
}

/**
 * The page's modal <dialog>, one element that the open Dialog shows its content in (a `div` of its own; a page's
 * `dialog` parameter names one dialog at a time). A dialog that leads to the next (a link in one opens another, in one
 * render) hands the element over: it stays open as the modal, and only its content changes. Two elements would mean
 * one modal closing and another opening, and the page behind would stop being inert and become inert again: the
 * browser restyles every element of the page for each (a third of such a switch on a 4× slowed phone). The element
 * goes once no Dialog has taken it by the end of the render that let it go.
 */
type Hosted = {
  content: HTMLElement
  /** The dialog's Escape and its native close, for the Dialog whose content it shows. */
  onCancel: (event: Event) => void
  onClose: () => void
}
let host: HTMLDialogElement | null = null
let hosted: Hosted | null = null

/** Puts `guest`'s content in the page's modal element; true when that was already shown (handed over). */
function hostDialog(guest: Hosted, id: string, className: string, labelledBy: string) {
  if (!host?.isConnected) {
    host = document.createElement('dialog')
    host.addEventListener('cancel', (event) => hosted?.onCancel(event))
    host.addEventListener('close', () => hosted?.onClose())
    ;(document.getElementById('dialog-layer') ?? document.body).append(host)
  }
  const handedOver = !hosted && isShown(host)
  hosted = guest
  host.id = id
  host.className = className
  host.setAttribute('aria-labelledby', labelledBy)
  host.replaceChildren(guest.content)
  return handedOver
}

/** `guest` leaves the page's modal element: closed and gone, unless another Dialog takes it in the same render. */
function leaveDialog(guest: Hosted) {
  if (hosted !== guest) return
  hosted = null
  queueMicrotask(() => {
    if (hosted || !host) return
    hide(host)
    host.remove()
  })
}

/** The control a dialog names as its first stop (`data-autofocus`, e.g. the current choice), if it names one. */
const namedFirstStop = (dialog: HTMLElement) => dialog.querySelector<HTMLElement>('[data-autofocus]')

type DialogContextValue = { closeHref: string; requestClose: (() => void) | null }
const DialogContext = createContext<DialogContextValue | null>(null)

export function Dialog(props: DialogProps) {
  if (!props.open) return null
  return <OpenDialog {...props} />
}

/** True when the user already changed a form control (typed before JS was ready): keep the in-page section then. */
function hasUserInput(root: HTMLElement) {
  for (const el of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>(
    'input, textarea, select',
  )) {
    if (el instanceof HTMLSelectElement) {
      if ([...el.options].some((o) => o.selected !== o.defaultSelected)) return true
    } else if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')) {
      if (el.checked !== el.defaultChecked) return true
    } else if (el.type !== 'hidden' && el.value !== el.defaultValue) {
      return true
    }
  }
  return false
}

/** The participant is using the server-rendered section: the focus is in it, or they changed one of its controls. */
function sectionInUse(section: HTMLElement) {
  const active = document.activeElement
  return (active != null && section.contains(active)) || hasUserInput(section)
}

function restoreFocus(id: string, previous: Element | null) {
  const active = document.activeElement
  // Someone else already moved focus somewhere meaningful (e.g. another dialog): leave it.
  if (active && active !== document.body && active !== previous && active.isConnected) return
  const marker = [...document.querySelectorAll('[data-dialog-return]')].find(
    (el) => (el as HTMLElement).dataset.dialogReturn === id,
  )
  for (const el of [previous, marker]) {
    if (!(el instanceof HTMLElement || el instanceof SVGElement) || !el.isConnected || el === document.body) continue
    el.focus()
    if (document.activeElement === el) return
  }
}

function OpenDialog({ id, title, closeHref, children, closeLabel = 'Close', className }: DialogProps) {
  const hydrated = useHydrated()
  const [stayInline, setStayInline] = useState(false)
  const sectionRef = useRef<HTMLElement>(null)
  // The render that turns the server's section into a <dialog> replaces its controls with new ones: whatever was typed
  // into the section since the mount check below would be lost. So that render looks at the section it would replace
  // (it is still in the page) and keeps it inline when it is in use.
  const inUse = hydrated && !stayInline && sectionRef.current != null && sectionInUse(sectionRef.current)
  const modal = hydrated && !stayInline && !inUse
  const navigate = useNavigate()
  const location = useLocation()
  // The page's modal element came to this dialog already open, from the dialog that led here.
  const handedOverRef = useRef(false)
  // What the page's modal element shows of this dialog while it is modal (the server renders the section instead).
  const [guest] = useState<Hosted | null>(() =>
    typeof document === 'undefined'
      ? null
      : { content: document.createElement('div'), onCancel: () => {}, onClose: () => {} },
  )
  const previousFocusRef = useRef<Element | null>(null)
  const closingRef = useRef(false)
  const mountedRef = useRef(false)
  const titleId = `${id}-title`

  // Mount: remember what had focus. If the server-rendered section is already being used (focus inside, or the
  // user typed into it before hydration), keep it inline rather than remounting its content in a <dialog>.
  useLayoutEffect(() => {
    mountedRef.current = true
    const section = sectionRef.current
    if (section && sectionInUse(section)) setStayInline(true)
    else previousFocusRef.current = focusBeforeOpening()
    return () => {
      mountedRef.current = false
    }
  }, [])
  useLayoutEffect(() => {
    if (inUse) setStayInline(true)
  }, [inUse])

  // While modal, the content shows in the page's modal element, which it leaves when it goes. Done from the header's
  // ref, which React sets before the body's refs and effects: the content is in the page by the time they run (a map
  // measures its box then).
  const dialogClass = cx('dialog', className)
  const hosting = useCallback(
    (header: HTMLDivElement | null) => {
      if (!header || !guest) return
      handedOverRef.current = hostDialog(guest, id, dialogClass, titleId)
      return () => leaveDialog(guest)
    },
    [guest, id, dialogClass, titleId],
  )

  // Show as modal; also re-show if a navigation lands while the page still wants the dialog open.
  useLayoutEffect(() => {
    if (!modal) return
    closingRef.current = false
    const dialog = host
    if (dialog && handedOverRef.current) {
      // Already the modal: its first stop takes the focus, which went with the content of the dialog before; its
      // close link when it names none (the first control in it).
      handedOverRef.current = false
      ;(namedFirstStop(dialog) ?? dialog.querySelector<HTMLElement>('.dialog__close'))?.focus()
    } else if (dialog && !isShown(dialog)) {
      // The control the dialog names as its first stop takes focus, as its `autofocus` does in the server-rendered
      // page; otherwise the browser's first focusable control. Named as the dialog's autofocus control, opening the
      // dialog focuses it: a focus() of its own afterwards would lay the page out once more (20–40 ms on a slow phone).
      const first = namedFirstStop(dialog)
      first?.setAttribute('autofocus', '')
      showDialog(dialog)
      if (first && document.activeElement !== first) first.focus()
    }
  }, [modal, location.key])

  // Leaving (the modal element closes unless the next dialog takes it over): give focus back.
  useLayoutEffect(() => {
    if (!modal) return
    return () => {
      const previous = previousFocusRef.current
      window.setTimeout(() => {
        restoreFocus(id, previous)
        unlockPageScroll()
      }, 0)
    }
  }, [modal, id])

  const requestClose = useCallback(() => {
    if (closingRef.current) return
    // Closed at once, whatever follows (a navigation then unmounts it).
    const dialog = host
    if (dialog) hide(dialog)
    // A tap opened this dialog at once and the router has not yet shown its address: it stays closed, and the router
    // goes on to closeHref once it is there (a navigation from here now could be one to the address it already has).
    if (closeBeforeArrival(closeHref, location.key)) {
      closingRef.current = true
      return
    }
    // The address already says closed (the native `close` event of our own close() can arrive after the navigation,
    // before the page has unmounted us): a second navigation to the same address would be a reload of the page's data.
    const target = new URL(closeHref, window.location.href)
    if (target.pathname + target.search === window.location.pathname + window.location.search) return
    closingRef.current = true
    void Promise.resolve(navigate(closeHref, { replace: true, preventScrollReset: true })).finally(() => {
      closingRef.current = false
    })
  }, [navigate, closeHref, location.key])

  const onCancel = useCallback(
    (event: Event) => {
      event.preventDefault() // Escape: let the navigation close it
      requestClose()
    },
    [requestClose],
  )
  const onClose = useCallback(() => {
    // Closed natively (e.g. a second Escape, or <form method="dialog">) while the URL still says open.
    // The event is async: ignore it when the dialog has been shown again meanwhile (StrictMode re-mount).
    const dialog = host
    if (mountedRef.current && !closingRef.current && !(dialog && isShown(dialog))) requestClose()
  }, [requestClose])
  useLayoutEffect(() => {
    if (!guest) return
    guest.onCancel = onCancel
    guest.onClose = onClose
  }, [guest, onCancel, onClose])

  const context = useMemo<DialogContextValue>(
    () => ({ closeHref, requestClose: modal ? requestClose : null }),
    [closeHref, modal, requestClose],
  )

  const content = (
    <DialogContext.Provider value={context}>
      <div className="dialog__header" ref={modal ? hosting : undefined}>
        <h2 className="dialog__title" id={titleId}>
          {title}
        </h2>
        <DialogCloseLink className="dialog__close">
          <Icon name="close" label={closeLabel} />
        </DialogCloseLink>
      </div>
      <div className="dialog__body">{children}</div>
    </DialogContext.Provider>
  )

  if (!modal) {
    return (
      <section ref={sectionRef} id={id} className={dialogClass} aria-labelledby={titleId}>
        {content}
      </section>
    )
  }
  // The modal's content is rendered into the page's modal element, in the page's dialog layer (hostDialog), not among
  // the page's content: there, putting it in and taking it out restyles the dialog alone. Among a stack of content,
  // whose rules space each child from the one before it, the browser restyled the whole stack (about 650 elements of
  // the ways list, 10–40 ms on a 4× slowed phone).
  return guest ? createPortal(content, guest.content) : null
}

export type DialogCloseLinkProps = Omit<LinkProps, 'to'> & {
  /** Default: the surrounding Dialog's closeHref. */
  to?: LinkProps['to']
}

/**
 * A link that closes the surrounding Dialog (e.g. a "Cancel" button in its footer). Plain link without JS;
 * inside the modal it closes the <dialog> and navigates with replace. Looks like a secondary button by default.
 */
export function DialogCloseLink({ to, className, onClick, children, ...rest }: DialogCloseLinkProps) {
  const context = useContext(DialogContext)
  const href = to ?? context?.closeHref ?? '.'
  return (
    <Link
      {...rest}
      to={href}
      replace
      preventScrollReset
      className={className ?? buttonClass({ variant: 'secondary' })}
      onClick={(event) => {
        onClick?.(event)
        if (event.defaultPrevented || !isPlainClick(event) || !context?.requestClose || to !== undefined) return
        event.preventDefault()
        context.requestClose()
      }}
    >
      {children}
    </Link>
  )
}
