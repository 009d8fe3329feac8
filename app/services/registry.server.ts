// The service-method registry: serviceName → methodName → method.
import type { Service } from './core.server'
import { infoService } from './info.server'
import { userService } from './user.server'
import { campaignService } from './campaign.server'
import { tripService } from './trip.server'
import { questionnaireService } from './questionnaire.server'
import { poiService } from './poi.server'
import { ownDataService } from './export/own-data.server'

export const services: Record<string, Service> = {
  info: infoService,
  // addPoi, updatePoi, deletePoi and getPois belong to service "user".
  // getOwnData (beyond the companion app's methods): everything stored about the caller, as the "Download my data" link gives it.
  user: { ...userService, ...poiService, ...ownDataService },
  campaign: campaignService,
  trip: tripService,
  questionnaire: questionnaireService,
}
