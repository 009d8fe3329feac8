import { useId } from 'react'
import { Icon } from '~/components/icons/ModeSprite'
import { cx } from './cx'

export type ToastMessage = {
  type: 'error' | 'success'
  title: string
  message?: string
}

export type ToastsProps = {
  toasts: readonly ToastMessage[]
  /** Accessible name of the dismiss control, e.g. "Dismiss message". */
  dismissLabel?: string
  /** With JS you may remove toasts from state; without it (default) dismissing is a pure-CSS checkbox toggle. */
  onDismiss?: (index: number) => void
  /** Default 'top'. */
  position?: 'top' | 'bottom'
  className?: string
}

/**
 * Fixed toast region. Errors go into a role="alert" group, successes into a role="status" group; both groups
 * are always rendered so that toasts added on the client are announced. Success toasts fade out after 10s.
 */
export function Toasts({ toasts, dismissLabel = 'Dismiss', onDismiss, position = 'top', className }: ToastsProps) {
  const baseId = useId()
  const render = (type: ToastMessage['type']) =>
    toasts.map((toast, index) => {
      if (toast.type !== type) return null
      const dismissId = `${baseId}-dismiss-${index}`
      return (
        <div className="toasts__item" key={index}>
          {onDismiss ? null : (
            <input
              type="checkbox"
              className="toast__dismiss visually-hidden"
              id={dismissId}
              aria-label={dismissLabel}
            />
          )}
          <div className={cx('toast', `toast--${toast.type}`)}>
            <Icon name={toast.type === 'error' ? 'alert' : 'check'} className="toast__icon" />
            <div className="toast__content">
              <p className="toast__title">{toast.title}</p>
              {toast.message ? <p className="toast__message">{toast.message}</p> : null}
            </div>
            {onDismiss ? (
              <button type="button" className="toast__close" onClick={() => onDismiss(index)}>
                <Icon name="close" label={dismissLabel} />
              </button>
            ) : (
              <label className="toast__close" htmlFor={dismissId} aria-hidden="true">
                <Icon name="close" />
              </label>
            )}
          </div>
        </div>
      )
    })
  return (
    <div className={cx('toasts', position === 'bottom' && 'toasts--bottom', className)}>
      <div className="toasts__group" role="alert">
        {render('error')}
      </div>
      <div className="toasts__group" role="status">
        {render('success')}
      </div>
    </div>
  )
}
