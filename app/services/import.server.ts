// Researcher import (the admin CLI's file formats): users, campaigns with their questionnaires and catalogues,
// assignments and trips. Used by the admin CLI (app/cli) and the demo seed. Every import checks its whole input
// first, so a rejected call changes nothing; rejections are ImportErrors listing every problem found, each with the
// path of its field. A dry run does every check (the database's included, inside a transaction that is rolled back)
// and writes nothing. The parts live in ./import/.
export { ImportError } from './import/problems'
export { lockImports } from './import/shared.server'
export { assignCampaign, createUser, newPseudonym } from './import/users.server'
export { campaignSummary, importCampaign, importCampaignFile } from './import/campaign.server'
export { importTrips } from './import/trips.server'
