// Any other path: the not-found page, HTTP 404.
import { data } from 'react-router'
import { useTranslation } from 'react-i18next'
import { PageTitle } from '~/components/layout/PageTitle'

export function loader() {
  return data(null, { status: 404 })
}

export default function NotFound() {
  const { t } = useTranslation()
  return (
    <section className="stack empty-state">
      <PageTitle>{t('notFound.title')}</PageTitle>
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.info')}</p>
      <p>
        <a className="btn btn--primary" href="/">
          {t('error.home')}
        </a>
      </p>
    </section>
  )
}
