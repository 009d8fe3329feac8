// A password input with a "show password" checkbox that works with and without JavaScript (delete account).
// Without JS the input is a text field masked by CSS (-webkit-text-security, in every current engine) and the
// checkbox unmasks it through :has(); once the page is hydrated it is a real password field and the checkbox
// switches its type (keeping the checkbox as it was ticked before that).
import { getInputProps, type FieldMetadata } from '@conform-to/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useHydrated } from 'remix-utils/use-hydrated'
import { useBrowserFields } from './browserFields'

export function PasswordField({
  field,
  label,
  hint,
  autoComplete = 'current-password',
  showLabel,
}: {
  field: FieldMetadata<string | undefined>
  label: string
  hint?: string
  autoComplete?: string
  showLabel: string
}) {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const [shown, setShown] = useState(false)
  const toggleRef = useBrowserFields<HTMLInputElement>((box) => setShown(box.checked))
  const errors = field.errors ?? []
  const hintId = hint ? `${field.id}-hint` : undefined
  const errorId = `${field.id}-error`
  const toggleId = `${field.id}-show`
  const type = hydrated ? (shown ? 'text' : 'password') : 'text'
  const props = getInputProps(field, {
    type,
    ariaDescribedBy: [hintId, errors.length ? errorId : undefined].filter(Boolean).join(' ') || undefined,
  })
  return (
    <div className="field password-field">
      <label className="field__label" htmlFor={field.id}>
        {label}
      </label>
      {hint && (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      )}
      <p className="field__error" id={errorId} aria-live="polite">
        {errors.map((e) => t(e)).join(' ')}
      </p>
      <input
        {...props}
        key={props.key}
        className={hydrated ? undefined : 'password-field__masked'}
        autoComplete={autoComplete}
        autoCapitalize="off"
        autoCorrect="off"
        spellCheck={false}
      />
      <label className="choice choice--plain password-field__toggle">
        <input
          type="checkbox"
          id={toggleId}
          ref={toggleRef}
          checked={shown}
          onChange={(e) => setShown(e.currentTarget.checked)}
        />
        <span className="choice__text">
          <span className="choice__label">{showLabel}</span>
        </span>
      </label>
    </div>
  )
}
