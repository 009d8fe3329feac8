import { useTranslation } from 'react-i18next'
import { PageTitle } from '~/lib/title'

export default function Page() {
  const { t } = useTranslation('questionnaire')
  return (
    <section className="stack">
      <PageTitle>{t('questionnaire.title')}</PageTitle>
      <h1>{t('questionnaire.title')}</h1>
    </section>
  )
}
