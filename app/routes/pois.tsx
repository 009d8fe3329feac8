import { useTranslation } from 'react-i18next'
import { PageTitle } from '~/lib/title'

export default function Page() {
  const { t } = useTranslation('pois')
  return (
    <section className="stack">
      <PageTitle>{t('title')}</PageTitle>
      <h1>{t('title')}</h1>
    </section>
  )
}
