// Service "campaign" (spec 7).
import type { Service } from './core.server'

export const campaignService = {} satisfies Service
