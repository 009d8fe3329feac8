// /sandbox: a developer test page with a trip-purpose selector. Works without JS (GET form).
import { useTranslation } from 'react-i18next'
import { Form } from 'react-router'
import type { Route } from './+types/sandbox'
import { serviceCtx } from '~/lib/context.server'
import { listTripPurposes } from '~/services/info.server'
import { PageTitle } from '~/components/layout/PageTitle'

export async function loader({ context, url }: Route.LoaderArgs) {
  const purposes = await listTripPurposes(serviceCtx(context))
  const chosen = url.searchParams.getAll('purposes').map(Number)
  return { purposes, chosen }
}

export default function Sandbox({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const names = loaderData.purposes.filter((p) => loaderData.chosen.includes(p.id)).map((p) => p.name)
  return (
    <section className="stack">
      <PageTitle>{t('sandbox.title')}</PageTitle>
      <h1>{t('sandbox.title')}</h1>
      <p>{t('sandbox.info')}</p>
      <Form method="get" className="card stack">
        <fieldset className="checkbox-list">
          <legend>{t('sandbox.purposes')}</legend>
          {loaderData.purposes.map((p) => (
            <label key={p.id} className="choice">
              <input type="checkbox" name="purposes" value={p.id} defaultChecked={loaderData.chosen.includes(p.id)} />
              <span>{p.name}</span>
            </label>
          ))}
        </fieldset>
        <button className="btn btn--primary" type="submit">
          {t('sandbox.show')}
        </button>
      </Form>
      <p role="status">{names.length ? t('sandbox.chosen', { names: names.join(', ') }) : t('sandbox.none')}</p>
    </section>
  )
}
