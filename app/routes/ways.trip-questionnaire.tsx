// Posts of the trip detail's questionnaire step (owned by the questionnaire feature).
import { redirect } from 'react-router'
import type { Route } from './+types/ways.trip-questionnaire'

export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/ways/tripDetails/${params.id}`)
}
