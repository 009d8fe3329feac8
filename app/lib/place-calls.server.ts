// The places service as the /pois page calls it, with plain names: the service keeps the companion app's names
// (`poi`, `pois`, `desc`) for its HTTP API; here a place gets its plain ones, once.
import type { AuthedContext } from '~/services/core.server'
import { poiService, type PoiDto } from '~/services/poi.server'

/** A saved place with its plain names. */
export type Place = Omit<PoiDto, 'desc'> & { description: string | null }

/** The participant's saved places. */
export async function listPlaces(ctx: AuthedContext): Promise<Place[]> {
  const { pois } = await poiService.getPois(ctx, {})
  return pois.map(({ desc, ...place }) => ({ ...place, description: desc }))
}

type NewPlace = Parameters<typeof poiService.addPoi>[1]['poi']
type ChangedPlace = Parameters<typeof poiService.updatePoi>[1]['poi']

export const addPlace = (ctx: AuthedContext, place: NewPlace) => poiService.addPoi(ctx, { poi: place })

export const updatePlace = (ctx: AuthedContext, place: ChangedPlace) => poiService.updatePoi(ctx, { poi: place })

export const deletePlace = (ctx: AuthedContext, id: number) => poiService.deletePoi(ctx, { id })
