import { useTranslation } from 'react-i18next'
import { PageTitle } from '~/lib/title'

export default function Page() {
  const { t } = useTranslation('account')
  return (
    <section className="stack">
      <PageTitle>{t('setPassword.title')}</PageTitle>
      <h1>{t('setPassword.title')}</h1>
    </section>
  )
}
