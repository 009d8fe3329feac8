// The account e-mails (verification, password reset, "you already have an account"), each as plain text and HTML
// in the recipient's language. Texts live in locales/<lang>/account.json under mail.*; the links' shape is fixed (below)
// because mails already sent must keep working.
import type { Mail } from '~/infra/mailer.server'
import { tFor } from '~/infra/i18n.server'
import { DEFAULT_LOCALE, parseLocale, type Locale } from '~/domain/locale'
import { listPath } from '~/domain/waysUrls'

/** PUBLIC_URL/user/verify-email?email=<address>&verstr=<token> */
export function verifyLink(publicUrl: string, email: string, token: string): string {
  return `${publicUrl}/user/verify-email?email=${encodeURIComponent(email)}&verstr=${encodeURIComponent(token)}`
}

/** PUBLIC_URL/user/set-password?email=<address>&verstr=<token> */
export function setPasswordLink(publicUrl: string, email: string, token: string): string {
  return `${publicUrl}/user/set-password?email=${encodeURIComponent(email)}&verstr=${encodeURIComponent(token)}`
}

/** users.locale is free text in the database: anything unknown falls back to German. */
export function mailLocale(locale: string | null | undefined): Locale {
  return parseLocale(locale) ?? DEFAULT_LOCALE
}

interface Common {
  to: string
  locale: Locale
  publicUrl: string
  projectTitle: string
}

export function verificationMail(o: Common & { token: string }): Mail {
  return compose(o, 'verify', [{ link: verifyLink(o.publicUrl, o.to, o.token), label: 'mail.verify.action' }])
}

export function resetPasswordMail(o: Common & { token: string }): Mail {
  return compose(o, 'reset', [{ link: setPasswordLink(o.publicUrl, o.to, o.token), label: 'mail.reset.action' }])
}

/** Sent instead of a verification mail when someone registers with an address that already has an account. */
export function accountExistsMail(o: Common): Mail {
  return compose(o, 'exists', [
    { link: `${o.publicUrl}/user/login`, label: 'mail.exists.login' },
    { link: `${o.publicUrl}/user/reset-password`, label: 'mail.exists.reset' },
  ])
}

/** A participant who has gone quiet: how many ways wait for them, and the link to their list of unconfirmed ways. */
/** The reminder names the participant's real figures: ways waiting, days without an entry, days between reminders. */
export function reminderMail(o: Common & { waiting: number; daysInactive: number; intervalDays: number }): Mail {
  return compose(o, 'remind', [{ link: `${o.publicUrl}${listPath('unconfirmed', 1)}`, label: 'mail.remind.action' }], {
    count: o.waiting,
    days: o.daysInactive,
    interval: o.intervalDays,
  })
}

type Kind = 'verify' | 'reset' | 'exists' | 'remind'

function compose(
  o: Common,
  kind: Kind,
  actions: { link: string; label: string }[],
  vars: Record<string, string | number> = {},
): Mail {
  const t = tFor(o.locale)
  const tr = (key: string) => t(`account:${key}`, { project: o.projectTitle, ...vars })
  const subject = `${tr(`mail.${kind}.subject`)} – ${o.projectTitle}`
  const paragraphs = [tr(`mail.${kind}.intro`)]
  const after = [tr(`mail.${kind}.note`), tr(`mail.${kind}.ignore`)]
  const text = [
    tr('mail.greeting'),
    '',
    ...paragraphs,
    '',
    ...actions.flatMap((a) => [`${tr(a.label)}:`, a.link, '']),
    ...after.flatMap((p) => [p, '']),
    tr('mail.signature'),
    '',
  ].join('\n')
  const html = `<!doctype html>
<html lang="${o.locale === 'en_US' ? 'en' : 'de'}"><head><meta charset="utf-8"><title>${esc(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f6f8;font-family:Arial,Helvetica,sans-serif;color:#1d2939;line-height:1.5">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #d0d5dd;border-radius:8px;padding:24px">
<p style="margin:0 0 16px">${esc(tr('mail.greeting'))}</p>
${paragraphs.map((p) => `<p style="margin:0 0 16px">${esc(p)}</p>`).join('\n')}
${actions
  .map(
    (a, i) =>
      `<p style="margin:0 0 16px"><a href="${esc(a.link)}" style="${i === 0 ? 'display:inline-block;padding:12px 20px;background:#0b5f75;color:#ffffff;border-radius:6px;text-decoration:none;font-weight:bold' : 'color:#0b5f75'}">${esc(tr(a.label))}</a></p>`,
  )
  .join('\n')}
<p style="margin:0 0 16px;font-size:13px;color:#475467;word-break:break-all">${esc(tr('mail.linkFallback'))}<br>${actions.map((a) => esc(a.link)).join('<br>')}</p>
${after.map((p) => `<p style="margin:0 0 16px">${esc(p)}</p>`).join('\n')}
<p style="margin:0">${esc(tr('mail.signature'))}</p>
</div>
</body></html>
`
  return { to: o.to, subject, text, html }
}

function esc(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}
