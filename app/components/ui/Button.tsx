import type { ComponentProps } from 'react'
import { Link, useNavigation, type LinkProps } from 'react-router'
import { cx } from './cx'

type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost'
type ButtonSize = 'normal' | 'small'

export type ButtonStyleProps = {
  /** Default 'secondary'. Use one 'primary' per view/form. */
  variant?: ButtonVariant
  /** Default 'normal' (44px high); 'small' is 36px. */
  size?: ButtonSize
  /** Full width. */
  block?: boolean
  /** Square icon-only button (give the icon a label). */
  iconOnly?: boolean
}

/** Class string for anything that should look like a button (e.g. a plain <a> or a <summary>). */
export function buttonClass(
  { variant = 'secondary', size = 'normal', block, iconOnly }: ButtonStyleProps = {},
  className?: string,
): string {
  return cx(
    'btn',
    `btn--${variant}`,
    size === 'small' && 'btn--small',
    block && 'btn--block',
    iconOnly && 'btn--icon',
    className,
  )
}

export type ButtonProps = ComponentProps<'button'> & ButtonStyleProps

/** A <button>. `type` defaults to "submit" (forms must work without JS); pass type="button" for JS-only buttons. */
export function Button({ variant, size, block, iconOnly, className, type = 'submit', ...rest }: ButtonProps) {
  return <button type={type} className={buttonClass({ variant, size, block, iconOnly }, className)} {...rest} />
}

/** True from a form post of the page until its answer has loaded (the page's navigation, not a fetcher's). */
function useSending(): boolean {
  const navigation = useNavigation()
  return navigation.state !== 'idle' && navigation.formMethod != null && navigation.formMethod !== 'GET'
}

/**
 * A submit button that shows at once that the page is sending a form: from the tap until the answer has loaded it is
 * `aria-disabled` and `aria-busy` and a further tap or Enter sends nothing (no double submits with JS; screen readers
 * hear that it is busy). It is not `disabled`: a disabled button drops the focus, and a dialog that stays open after
 * the post (a refusal, an error) keeps it where it was. Without JavaScript it is a plain submit button.
 */
export function SubmitButton({ onClick, ...props }: ButtonProps) {
  const busy = useSending()
  return (
    <Button
      {...props}
      aria-disabled={busy || props['aria-disabled'] || undefined}
      aria-busy={busy || undefined}
      onClick={(event) => {
        if (busy) event.preventDefault()
        else onClick?.(event)
      }}
    />
  )
}

export type ButtonLinkProps = LinkProps & ButtonStyleProps

/** A react-router <Link> that looks like a button. */
export function ButtonLink({ variant, size, block, iconOnly, className, ...rest }: ButtonLinkProps) {
  return <Link className={buttonClass({ variant, size, block, iconOnly }, className)} {...rest} />
}
