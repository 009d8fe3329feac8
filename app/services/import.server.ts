// Researcher import (the admin CLI's file formats): users, campaigns with their questionnaires and catalogues,
// assignments and trips. Used by the admin CLI (app/cli) and the demo seed. Every import checks its whole input
// first, so a rejected call changes nothing; rejections are ImportErrors listing every problem found, each with the
// path of its field. A dry run does every check (the database's included, inside a transaction that is rolled back)
// and writes nothing. The parts live in ./import/.
export { ImportError, type Problem } from './import/problems'
export { lockImports, studyTimeZone, type ImportOptions } from './import/shared.server'
export { assignCampaign, createUser, newPseudonym, type CreateUserInput, type CreatedUser } from './import/users.server'
export {
  campaignSummary,
  importCampaign,
  importCampaignFile,
  type CampaignImportResult,
} from './import/campaign.server'
export { importTrips, type TripsImportResult, type TripsProgress } from './import/trips.server'
