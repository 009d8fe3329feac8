import { useTranslation } from 'react-i18next'
import { PageTitle } from '~/lib/title'

export default function Page() {
  const { t } = useTranslation('account')
  return (
    <section className="stack">
      <PageTitle>{t('resume.title')}</PageTitle>
      <h1>{t('resume.title')}</h1>
    </section>
  )
}
