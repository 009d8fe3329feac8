import { useTranslation } from 'react-i18next'
import { PageTitle } from '~/lib/title'

export default function Page() {
  const { t } = useTranslation('trip')
  return (
    <section className="stack">
      <PageTitle>{t('detail.title')}</PageTitle>
      <h1>{t('detail.title')}</h1>
    </section>
  )
}
