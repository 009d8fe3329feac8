import { useTranslation } from 'react-i18next'
import { PageTitle } from '~/lib/title'

export default function Page() {
  const { t } = useTranslation('ways')
  return (
    <section className="stack">
      <PageTitle>{t('edit.title')}</PageTitle>
      <h1>{t('edit.title')}</h1>
    </section>
  )
}
