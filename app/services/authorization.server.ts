import type { SessionUser } from './core.server'

/** Authorization required (only /pois): a participant assigned to a campaign. ADR 006. */
export function isAuthorized(user: SessionUser): boolean {
  return user.campaignId != null
}
