import { useTranslation } from 'react-i18next'
import { PageTitle } from '~/lib/title'

export default function Page() {
  const { t } = useTranslation('account')
  return (
    <section className="stack">
      <PageTitle>{t('deleteAccount.title')}</PageTitle>
      <h1>{t('deleteAccount.title')}</h1>
    </section>
  )
}
