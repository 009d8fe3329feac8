import { useTranslation } from 'react-i18next'
import { PageTitle } from '~/lib/title'

export default function Page() {
  const { t } = useTranslation('questionnaire')
  return (
    <section className="stack">
      <PageTitle>{t('info.title')}</PageTitle>
      <h1>{t('info.title')}</h1>
    </section>
  )
}
