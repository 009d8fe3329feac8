// The service-method registry of contracts.md §3: serviceName → methodName → method.
import type { Service } from './core.server'
import { infoService } from './info.server'
import { userService } from './user.server'
import { campaignService } from './campaign.server'
import { tripService } from './trip.server'
import { questionnaireService } from './questionnaire.server'

export const services: Record<string, Service> = {
  info: infoService,
  user: userService,
  campaign: campaignService,
  trip: tripService,
  questionnaire: questionnaireService,
}
