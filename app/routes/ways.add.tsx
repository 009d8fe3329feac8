import { useTranslation } from 'react-i18next'
import { PageTitle } from '~/lib/title'

export default function Page() {
  const { t } = useTranslation('ways')
  return (
    <section className="stack">
      <PageTitle>{t('add.title')}</PageTitle>
      <h1>{t('add.title')}</h1>
    </section>
  )
}
