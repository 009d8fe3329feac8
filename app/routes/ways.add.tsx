// /ways/add/{date?} (route id WaysAdd): a new way by hand. With a date the start defaults to
// 12:00 and the end to 13:00 on that date (a date not of the form YYYY-MM-DD is a 404); without one, today. The
// defaults are never in the future (domain/manualWayForm.ts defaultWayForm).
import { data } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { Route } from './+types/ways.add'
import { PageTitle } from '~/components/layout/PageTitle'
import { defaultWayForm } from '~/domain/manualWayForm'
import { isDateParam } from '~/domain/timeInput'
import { ManualWayPage, shouldRevalidateWayForm } from '~/components/ways/ManualWayForm'
import { formData, nowInZone, saveWay } from './ways.manual.server'

function defaults(context: Route.LoaderArgs['context'], date: string | undefined) {
  if (date !== undefined && !isDateParam(date)) throw data('Not found', { status: 404 })
  const now = nowInZone(context)
  // A day after today is not offered: the form starts on today instead.
  return defaultWayForm(date && date <= now.day ? date : now.day, now)
}

export async function loader({ context, params }: Route.LoaderArgs) {
  return formData(context, 0, defaults(context, params.date))
}

export async function action({ context, request, params }: Route.ActionArgs) {
  return saveWay(context, request, { id: 0, previous: defaults(context, params.date) })
}

export const shouldRevalidate = shouldRevalidateWayForm

export default function WaysAdd({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('ways')
  return (
    <>
      <PageTitle>{t('add.title')}</PageTitle>
      <ManualWayPage title={t('add.title')} loaderData={loaderData} actionData={actionData} />
    </>
  )
}
