// /ways/edit/{id} (route id WaysEdit): edit a manually created way; the form shows its first leg. An unknown,
// foreign or not manually created way: error toast 'ways.editWay.doesntExist' and back.
import { useTranslation } from 'react-i18next'
import type { Route } from './+types/ways.edit'
import { PageTitle } from '~/components/layout/PageTitle'
import { wayFormFromLeg } from '~/domain/manualWayForm'
import { ManualWayPage, shouldRevalidateWayForm } from '~/components/ways/ManualWayForm'
import { formData, loadEditable, saveWay } from './ways.manual.server'

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const trip = await loadEditable(context, request, params.id)
  return formData(context, trip.id, wayFormFromLeg(trip.legs[0]), null, trip.version)
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const trip = await loadEditable(context, request, params.id)
  return saveWay(context, request, {
    id: trip.id,
    previous: wayFormFromLeg(trip.legs[0]),
    legId: trip.legs[0].id,
    version: trip.version,
  })
}

export const shouldRevalidate = shouldRevalidateWayForm

export default function WaysEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('ways')
  return (
    <>
      <PageTitle>{t('edit.title')}</PageTitle>
      <ManualWayPage title={t('edit.title')} loaderData={loaderData} actionData={actionData} />
    </>
  )
}
