// Global elements shared by both layouts: toasts, the cookie banner, footer links, locale switch.
import { useEffect, useRef } from 'react'
import { Form, Link, useFetchers, useLocation, useNavigation } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { Toast } from '~/lib/context.server'
import { Toasts } from '~/components/ui/Toasts'
import { HiddenFields } from '~/components/ui/HiddenFields'
import { sitePath } from '~/lib/safe-redirect'

export function ToastList({ toasts }: { toasts: Toast[] }) {
  const { t } = useTranslation()
  const messages = toasts.map((toast) => {
    const fallback = toast.key.startsWith('errors:')
      ? t('errors:unexpected', { constant: toast.params?.constant ?? toast.key.slice(7) })
      : toast.key
    return {
      type: toast.type,
      title: toast.type === 'error' ? t('toast.error') : t('toast.success'),
      message: t(toast.key, { ...toast.params, defaultValue: fallback }),
    }
  })
  return <Toasts toasts={messages} dismissLabel={t('toast.close')} />
}

/**
 * Where the result of a post is on the page: the first error in a field (in an open dialog first); else, when a dialog
 * that opened with the answer already holds focus (its first stop), or the answer itself placed focus (marked
 * data-post-focus: a card confirmed in place hands it to the next card), nothing; else an error message; else the card or
 * day the page went back to (the URL's fragment: after a confirmation on the "unconfirmed" tab, the card that followed
 * the confirmed way); else the message.
 */
function resultOfPost(): HTMLElement | null {
  for (const scope of ['dialog[open]', 'main']) {
    const field = document.querySelector<HTMLElement>(
      `${scope} .field--invalid, ${scope} [aria-invalid="true"], ${scope} .notice--error`,
    )
    if (field?.matches('[aria-invalid="true"], .notice--error')) return field
    if (field) return field.querySelector<HTMLElement>('[aria-invalid="true"], input:not([type="hidden"])') ?? field
  }
  const open = document.querySelector('dialog[open]')
  if (open?.contains(document.activeElement)) return null
  // The post's result already gave focus where the review goes on (a card confirmed in place hands it to the next).
  if (document.activeElement instanceof HTMLElement && document.activeElement.dataset.postFocus !== undefined)
    return null
  const error = document.querySelector<HTMLElement>('.toasts .toast--error')
  if (error) return error
  const hash = decodeURIComponent(window.location.hash.slice(1))
  return (hash ? document.getElementById(hash) : null) ?? document.querySelector<HTMLElement>('.toasts .toast')
}

/** Focus on a post's result, which may be no control of its own (a card, a message): it gets tabindex -1 first. */
function focusResult(target: HTMLElement, options?: FocusOptions) {
  if (!target.matches('input, select, textarea, button, a[href], [tabindex]')) target.tabIndex = -1
  target.focus(options)
}

/**
 * For an answer that places focus itself before the page's data is back (a card confirmed in place hands it to the
 * next card): focus goes there, and FocusAfterPost leaves it there for as long as it stays (data-post-focus).
 */
export function handPostFocusTo(target: HTMLElement) {
  target.dataset.postFocus = ''
  target.addEventListener('blur', () => delete target.dataset.postFocus, { once: true })
  focusResult(target, { preventScroll: true })
}

const isPost = (method: string | undefined) => !!method && method.toUpperCase() !== 'GET'

/**
 * After every form post made with JavaScript — a navigation or a fetcher (the card's confirmation) — focus lands on
 * its result (see resultOfPost) instead of falling to the page's start, so the next Tab continues from there; the
 * toast regions (role=status, role=alert) announce the message. Without JavaScript the errors' autofocus and the
 * URL's fragment (the next Tab starts there) do the same.
 */
export function FocusAfterPost() {
  const navigation = useNavigation()
  const fetchers = useFetchers()
  const busy = navigation.state !== 'idle' || fetchers.some((f) => f.state !== 'idle')
  const posting =
    (navigation.state !== 'idle' && isPost(navigation.formMethod)) ||
    fetchers.some((f) => f.state !== 'idle' && isPost(f.formMethod))
  const posted = useRef(false)
  useEffect(() => {
    if (busy) {
      if (posting) posted.current = true
      return
    }
    if (!posted.current) return
    posted.current = false
    // After the dialog that was closed has given focus back to its opener.
    const timer = window.setTimeout(() => {
      const target = resultOfPost()
      if (target) focusResult(target)
    }, 0)
    return () => window.clearTimeout(timer)
  }, [busy, posting])
  return null
}

export function CookieBanner({ consent }: { consent: boolean }) {
  const { t } = useTranslation()
  const location = useLocation()
  if (consent) return null
  return (
    <Form method="post" action="/consent" className="cookie-banner" aria-label={t('cookie.label')}>
      <p>{t('cookie.text')}</p>
      <HiddenFields fields={{ redirectTo: sitePath(location.pathname + location.search) }} />
      <button type="submit" className="btn btn--primary">
        {t('cookie.ok')}
      </button>
    </Form>
  )
}

function LocaleSwitch() {
  const { t, i18n } = useTranslation()
  const location = useLocation()
  const other = i18n.language === 'en' ? 'de_DE' : 'en_US'
  const params = new URLSearchParams(location.search)
  params.set('locale', other)
  return (
    <a
      className="locale-switch"
      href={`${sitePath(location.pathname)}?${params}`}
      hrefLang={other === 'en_US' ? 'en' : 'de'}
      lang={other === 'en_US' ? 'en' : 'de'}
    >
      {t('locale.switchTo')}
    </a>
  )
}

export function FooterLinks() {
  const { t } = useTranslation()
  return (
    <footer className="app-footer">
      <nav aria-label={t('footer.label')} className="cluster">
        <Link to="/help/imprint">{t('nav.imprint')}</Link>
        <Link to="/help/privacy">{t('nav.privacy')}</Link>
        <Link to="/contact">{t('nav.contact')}</Link>
        <LocaleSwitch />
      </nav>
    </footer>
  )
}

export function Logo() {
  const { t } = useTranslation()
  return (
    <Link to="/" className="logo" aria-label={t('logo.label')}>
      <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="#0b5f75" />
        <path d="M8 22c3-8 6-2 9-8s5-4 7-6" stroke="#fff" strokeWidth="2.5" fill="none" strokeLinecap="round" />
        <circle cx="8" cy="22" r="2.5" fill="#fff" />
        <circle cx="24" cy="8" r="2.5" fill="#fff" />
      </svg>
      <span className="logo__text">{t('logo.text')}</span>
    </Link>
  )
}

export function LogoutForm({ className }: { className?: string }) {
  const { t } = useTranslation()
  return (
    <Form method="post" action="/user/logout" className={className} reloadDocument>
      <button type="submit" className="btn btn--ghost btn--small">
        {t('nav.logout')}
      </button>
    </Form>
  )
}
