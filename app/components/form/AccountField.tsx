// The account forms' parts: the form (a plain post; the browser does not validate it, the server's reply brings
// the translated errors), one labelled field for every input of them (text, e-mail or password, a password
// optionally with a "show password" checkbox), the new-password block that registration, set-password and the
// password change share, the form's own errors and the honeypot. A field reads the action's reply (lib/forms.ts):
// its errors (catalogue keys) shown and announced next to it, its posted value shown again (never a password).
import { useId, useState, type ReactNode } from 'react'
import { Form } from 'react-router'
import { HoneypotInputs, HoneypotProvider } from 'remix-utils/honeypot/react'
import { useTranslation } from 'react-i18next'
import { useHydrated } from 'remix-utils/use-hydrated'
import { formErrors, postedValue, replyKey, type FormReply } from '~/lib/forms'
import { useNonce } from '~/lib/nonce'
import { useRootData } from '~/root'
import { useBrowserFields } from './browserFields'

type Constraints = Record<string, { required: boolean }>

interface FieldProps {
  name: string
  label: string
  /** The action's reply to this form: the field's errors and its posted value. */
  reply: FormReply | undefined
  /** The form's native constraints (account-constraints.ts). */
  constraints: Constraints
  type?: 'text' | 'email' | 'password'
  hint?: string
  autoComplete?: string
  /**
   * A password with a "show password" checkbox (its label) that works with and without JavaScript: without JS the
   * input is a text field masked by CSS (-webkit-text-security) and the checkbox unmasks it through :has(); once
   * hydrated it is a real password field and the checkbox switches its type.
   */
  reveal?: string
}

export function AccountField({
  name,
  label,
  reply,
  constraints,
  type = 'text',
  hint,
  autoComplete,
  reveal,
}: FieldProps) {
  const { t } = useTranslation()
  const id = `${useId()}${name}`
  const errors = reply?.error?.[name] ?? []
  const hintId = hint ? `${id}-hint` : undefined
  const errorId = `${id}-error`
  const input = {
    id,
    name,
    required: constraints[name]?.required || undefined,
    defaultValue: type === 'password' ? undefined : postedValue(reply, name),
    autoComplete,
    'aria-invalid': errors.length > 0 || undefined,
    'aria-describedby': [errors.length ? errorId : undefined, hintId].filter(Boolean).join(' ') || undefined,
  }
  const error = (
    <p className="field__error" id={errorId} aria-live="polite">
      {errors.map((e) => t(e)).join(' ')}
    </p>
  )
  return (
    <div className={reveal ? 'field password-field' : 'field'}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {hint && (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      )}
      {reveal ? (
        <>
          {error}
          <RevealedPassword input={input} showLabel={reveal} />
        </>
      ) : (
        <>
          {/* A page that comes back with this error focuses it (the first error of the page wins, also without JS). */}
          {/* eslint-disable-next-line jsx-a11y/no-autofocus -- only the answer to a failed post: focus goes to the error */}
          <input {...input} type={type} autoFocus={errors.length > 0} />
          {error}
        </>
      )}
    </div>
  )
}

function RevealedPassword({
  input,
  showLabel,
}: {
  input: Record<string, unknown> & { id: string }
  showLabel: string
}) {
  const hydrated = useHydrated()
  const [shown, setShown] = useState(false)
  // Ticked before the page came to life: kept as it was.
  const toggleRef = useBrowserFields<HTMLInputElement>((box) => setShown(box.checked))
  return (
    <>
      <input
        {...input}
        type={hydrated ? (shown ? 'text' : 'password') : 'text'}
        className={hydrated ? undefined : 'password-field__masked'}
        autoCapitalize="off"
        autoCorrect="off"
        spellCheck={false}
      />
      <label className="choice choice--plain password-field__toggle">
        <input
          type="checkbox"
          id={`${input.id}-show`}
          ref={toggleRef}
          checked={shown}
          onChange={(e) => setShown(e.currentTarget.checked)}
        />
        <span className="choice__text">
          <span className="choice__label">{showLabel}</span>
        </span>
      </label>
    </>
  )
}

/**
 * A new password and its confirmation (`names`: the posted field names), with the password's hint: the block of
 * registration, set-password and the password change.
 */
export function NewPasswordFields({
  names = { password: 'password', confirm: 'confirmPassword' },
  labels,
  reply,
  constraints,
}: {
  names?: { password: string; confirm: string }
  labels: { password: string; hint?: string; confirm: string }
  reply: FormReply | undefined
  constraints: Constraints
}) {
  return (
    <>
      <AccountField
        name={names.password}
        label={labels.password}
        hint={labels.hint}
        type="password"
        autoComplete="new-password"
        reply={reply}
        constraints={constraints}
      />
      <AccountField
        name={names.confirm}
        label={labels.confirm}
        type="password"
        autoComplete="new-password"
        reply={reply}
        constraints={constraints}
      />
    </>
  )
}

/**
 * An account form: posted as is (`noValidate`: the login name need not be an e-mail address, and errors come in the
 * page's language), its own errors above its fields. Each new reply mounts it afresh, so its fields show what the
 * reply holds (hidden fields emptied) and the first error takes the focus, with JavaScript as without.
 */
export function AccountForm({ reply, children }: { reply: FormReply | undefined; children: ReactNode }) {
  const errors = formErrors(reply)
  const errorId = `${useId()}form-error`
  return (
    <Form
      method="post"
      noValidate
      className="stack"
      key={replyKey(reply)}
      aria-invalid={errors.length > 0 || undefined}
      aria-describedby={errors.length ? errorId : undefined}
    >
      <FormErrors errors={errors} id={errorId} />
      {children}
    </Form>
  )
}

/** The form's own errors (not of one field): an alert that takes the focus. */
function FormErrors({ errors, id }: { errors: string[]; id: string }) {
  const { t } = useTranslation()
  if (!errors.length) return null
  return (
    // eslint-disable-next-line jsx-a11y/no-autofocus -- the answer to a failed post: focus goes to its error
    <div className="notice notice--error" role="alert" id={id} tabIndex={-1} autoFocus>
      {errors.map((e) => (
        <p key={e}>{t(e, { defaultValue: t('errors:unexpected', { constant: e.replace(/^errors:/, '') }) })}</p>
      ))}
    </div>
  )
}

/**
 * The honeypot fields (remix-utils): hidden from people and assistive technology, tempting to bots. Their names and
 * timestamp come from the root's data. The provider is here, not around every page, so that only the pages with
 * these fields load remix-utils' honeypot code (about 300 bytes gzip on every other page with scripts).
 */
export function Honeypot() {
  const honeypot = useRootData()?.honeypot
  return (
    <HoneypotProvider {...honeypot}>
      <HoneypotInputs label="Website" nonce={useNonce()} />
    </HoneypotProvider>
  )
}
