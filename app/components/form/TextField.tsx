// A labelled input wired to a conform field: errors (i18n keys) shown and announced next to the field.
import { getInputProps, type FieldMetadata } from '@conform-to/react'
import { HoneypotInputs } from 'remix-utils/honeypot/react'
import { useTranslation } from 'react-i18next'
import { useNonce } from '~/lib/nonce'

export function TextField({
  field,
  label,
  type = 'text',
  hint,
  autoComplete,
  defaultValue,
}: {
  field: FieldMetadata<string | undefined>
  label: string
  type?: 'text' | 'email' | 'password' | 'number' | 'date'
  hint?: string
  autoComplete?: string
  defaultValue?: string
}) {
  const { t } = useTranslation()
  const errors = field.errors ?? []
  const hintId = hint ? `${field.id}-hint` : undefined
  const errorId = `${field.id}-error`
  const props = getInputProps(field, {
    type,
    ariaDescribedBy: [hintId, errors.length ? errorId : undefined].filter(Boolean).join(' ') || undefined,
  })
  return (
    <div className="field">
      <label className="field__label" htmlFor={field.id}>
        {label}
      </label>
      {hint && (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      )}
      {/* A page that comes back with this error focuses it (the first error of the page wins, also without JS). */}
      <input
        {...props}
        key={props.key}
        autoComplete={autoComplete}
        defaultValue={defaultValue ?? props.defaultValue}
        // eslint-disable-next-line jsx-a11y/no-autofocus -- only the answer to a failed post: focus goes to the error
        autoFocus={errors.length > 0}
      />
      <p className="field__error" id={errorId} aria-live="polite">
        {errors.map((e) => t(e)).join(' ')}
      </p>
    </div>
  )
}

export function FormErrors({ errors, id }: { errors?: string[]; id?: string }) {
  const { t } = useTranslation()
  if (!errors?.length) return null
  return (
    // eslint-disable-next-line jsx-a11y/no-autofocus -- the answer to a failed post: focus goes to its error
    <div className="notice notice--error" role="alert" id={id} tabIndex={-1} autoFocus>
      {errors.map((e) => (
        <p key={e}>{t(e, { defaultValue: t('errors:unexpected', { constant: e.replace(/^errors:/, '') }) })}</p>
      ))}
    </div>
  )
}

/** The honeypot fields (remix-utils): hidden from people and assistive technology, tempting to bots. */
export function Honeypot() {
  return <HoneypotInputs label="Website" nonce={useNonce()} />
}
