import { req, type Ctx } from './context.server'

/** The header shows at most 21 characters of the user name. */
const USER_NAME_MAX = 21

/** What both layouts show: the user in the header, the flash toasts, the cookie banner. */
export function layoutData(context: Ctx) {
  const r = req(context)
  const u = r.user
  const fullName = u ? [u.firstName, u.lastName].filter(Boolean).join(' ') || u.alias || u.email : null
  return {
    user: u ? { name: cut(fullName!, USER_NAME_MAX), fullName: fullName!, hasCampaign: u.campaignId != null } : null,
    toasts: r.toasts,
    consent: r.consent,
  }
}

function cut(s: string, max: number) {
  return s.length > max ? s.slice(0, max - 1) + '…' : s
}
