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
  dismissLabel: string
}

/**
 * Fixed toast region. Errors go into a role="alert" group, successes into a role="status" group; both groups
 * are always rendered so that toasts added on the client are announced. Every toast stays until the participant
 * dismisses it or the next page replaces it: a message that fades on a timer is missed by a slow reader. A toast is
 * dismissed by a checkbox toggle in CSS, so it works the same with and without JavaScript; the dismissed toast's
 * checkbox goes with it (nothing invisible stays in the tab order). Each toast can take focus (tabindex -1), so the
 * page can move focus to the result of a post; an error takes it by itself (autofocus), so that without JavaScript,
 * where a region's content on a new page is not announced, it is read out and the next Tab starts from it.
 */
export function Toasts({ toasts, dismissLabel }: ToastsProps) {
  const baseId = useId()
  const render = (type: ToastMessage['type']) =>
    toasts.map((toast, index) => {
      if (toast.type !== type) return null
      const dismissId = `${baseId}-dismiss-${index}`
      return (
        <div className="toasts__item" key={index}>
          <input type="checkbox" className="toast__dismiss visually-hidden" id={dismissId} aria-label={dismissLabel} />
          <div
            className={cx('toast', `toast--${toast.type}`)}
            tabIndex={-1}
            // eslint-disable-next-line jsx-a11y/no-autofocus -- only an error, the answer to a post: it is read out
            autoFocus={toast.type === 'error'}
          >
            <Icon name={toast.type === 'error' ? 'alert' : 'check'} className="toast__icon" />
            <div className="toast__content">
              <p className="toast__title">{toast.title}</p>
              {toast.message ? <p className="toast__message">{toast.message}</p> : null}
            </div>
            <label className="toast__close" htmlFor={dismissId} aria-hidden="true">
              <Icon name="close" />
            </label>
          </div>
        </div>
      )
    })
  return (
    <div className="toasts">
      <div className="toasts__group" role="alert">
        {render('error')}
      </div>
      <div className="toasts__group" role="status">
        {render('success')}
      </div>
    </div>
  )
}
