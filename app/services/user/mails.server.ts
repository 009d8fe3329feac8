// The account mails on their way out: addressed in the participant's language, handed to the transport without
// waiting (the answer takes no longer when a mail goes out, and a slow SMTP server does not hold up the page).
import type { users } from '~/db/schema'
import { projectTitle } from '~/infra/env.server'
import { log } from '~/infra/log.server'
import type { Mail } from '~/infra/mailer.server'
import type { ServiceContext } from '../core.server'
import { accountExistsMail, mailLocale, verificationMail } from '../mail-templates.server'
import { issueToken } from './tokens.server'

/** Someone registered with an address that has an account: a notice, or a fresh verification link if never verified. */
export async function mailExistingAccount(ctx: ServiceContext, user: typeof users.$inferSelect) {
  const base = mailBase(ctx, user.email, mailLocale(user.locale))
  if (user.verified) return deliver(ctx, accountExistsMail(base))
  // Never verified: the person probably lost the first mail; send a fresh link (the password stays as it was).
  const token = await ctx.db.transaction((tx) => issueToken(tx, user.id, 'verify', ctx.now()))
  deliver(ctx, verificationMail({ ...base, token }))
}

export function mailBase(ctx: ServiceContext, to: string, locale: ServiceContext['locale']) {
  return { to, locale, publicUrl: ctx.env.publicUrl, projectTitle: projectTitle(ctx.env, locale) }
}

/**
 * Hands the mail to the transport without waiting for it: the answer must not take longer when a mail goes out
 * (no enumeration by timing, and a slow SMTP server does not hold up the page). A failure is logged.
 */
export function deliver(ctx: ServiceContext, mail: Mail) {
  ctx.mailer
    .send(mail)
    .catch((err: unknown) =>
      log.error({ msg: 'mail delivery failed', error: err instanceof Error ? err.message : String(err) }),
    )
}
