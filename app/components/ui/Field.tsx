import { cloneElement, isValidElement, useId, type ComponentProps, type ReactElement, type ReactNode } from 'react'
import { cx } from './cx'

/** Props Field hands to its control. */
type FieldControlProps = {
  id: string
  /** Set while the field shows an error: a page that comes back with it focuses its first error, also without JS. */
  autoFocus?: true
  'aria-describedby'?: string
  'aria-invalid'?: true
}

/** One message, or a list of messages (e.g. conform's `field.errors`); empty/blank means "no error". */
type FieldMessage = ReactNode | readonly string[]

export type FieldProps = {
  label: ReactNode
  hint?: ReactNode
  error?: FieldMessage
  /** Id of the control. Default: the child's own id, else a generated one. */
  id?: string
  className?: string
  /**
   * The control: either one element (<input>, <select>, <textarea>) that gets id/aria-describedby/aria-invalid
   * merged in, or a render function receiving those props.
   */
  children: ReactElement<Record<string, unknown>> | ((control: FieldControlProps) => ReactNode)
}

function joinIds(...lists: (string | undefined | null | false)[]): string | undefined {
  const ids = lists.flatMap((l) => (l ? l.split(/\s+/) : [])).filter(Boolean)
  return ids.length ? [...new Set(ids)].join(' ') : undefined
}

function normaliseMessage(message: FieldMessage): ReactNode {
  if (Array.isArray(message)) {
    const texts = (message as readonly unknown[]).filter((m) => typeof m === 'string' && m.trim() !== '') as string[]
    return texts.length ? texts.join(' ') : null
  }
  if (message === false || message === '' || message === undefined) return null
  return message as ReactNode
}

/**
 * Label + hint + error + control (.field). The error container (id `${id}-error`, aria-live="polite") is always
 * rendered so that client-side validation messages are announced; aria-describedby points to the hint and,
 * when there is an error, to the error.
 */
export function Field({ label, hint, error, id: idProp, className, children }: FieldProps) {
  const generatedId = useId()
  const element = typeof children === 'function' ? null : isValidElement(children) ? children : null
  const childProps = element?.props ?? {}
  const id = idProp ?? (typeof childProps.id === 'string' ? childProps.id : undefined) ?? generatedId
  const message = normaliseMessage(error)
  const invalid = message != null
  const hintId = hint ? `${id}-hint` : undefined
  const errorId = `${id}-error`
  const control: FieldControlProps = {
    id,
    'aria-describedby': joinIds(
      typeof childProps['aria-describedby'] === 'string' ? childProps['aria-describedby'] : undefined,
      hintId,
      invalid && errorId,
    ),
    ...(invalid ? { 'aria-invalid': true as const, autoFocus: true as const } : {}),
  }
  return (
    <div className={cx('field', invalid && 'field--invalid', className)}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      <div className="field__error" id={errorId} aria-live="polite">
        {message}
      </div>
      {typeof children === 'function' ? children(control) : element ? cloneElement(element, control) : children}
    </div>
  )
}

export type FieldsetProps = {
  legend: ReactNode
  hint?: ReactNode
  error?: FieldMessage
  /** Base for the hint/error ids (`${id}-hint`, `${id}-error`). */
  id?: string
  className?: string
  children: ReactNode
}

/** A group of checkboxes/radios: <fieldset class="fieldset"> with legend, hint and announced error. Put .choice labels inside a .checkbox-list. */
export function Fieldset({ legend, hint, error, id: idProp, className, children }: FieldsetProps) {
  const generatedId = useId()
  const id = idProp ?? generatedId
  const message = normaliseMessage(error)
  const invalid = message != null
  const hintId = hint ? `${id}-hint` : undefined
  const errorId = `${id}-error`
  return (
    <fieldset
      id={id}
      className={cx('fieldset', invalid && 'field--invalid', className)}
      aria-describedby={joinIds(hintId, invalid && errorId)}
    >
      <legend className="fieldset__legend">{legend}</legend>
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {/* A page that comes back with this error focuses it (tabindex -1), also without JS. */}
      <div
        className="field__error"
        id={errorId}
        aria-live="polite"
        {...(invalid ? { tabIndex: -1, autoFocus: true } : {})}
      >
        {message}
      </div>
      {children}
    </fieldset>
  )
}

export type ChoiceProps = Omit<ComponentProps<'input'>, 'type'> & {
  type?: 'checkbox' | 'radio'
  label: ReactNode
  /** Second line in smaller, muted text. */
  hint?: ReactNode
}

/** A checkbox or radio with its label in one ≥44px tap target: <label class="choice">. `className` goes on the label. */
export function Choice({ type = 'checkbox', label, hint, className, ...input }: ChoiceProps) {
  // The hint describes the choice; it is not part of its name.
  const id = useId()
  return (
    <label className={cx('choice', className)}>
      <input
        type={type}
        {...(hint ? { 'aria-labelledby': `${id}-label`, 'aria-describedby': `${id}-hint` } : {})}
        {...input}
      />
      <span className="choice__text">
        <span className="choice__label" id={`${id}-label`}>
          {label}
        </span>
        {hint ? (
          <span className="choice__hint" id={`${id}-hint`}>
            {hint}
          </span>
        ) : null}
      </span>
    </label>
  )
}
