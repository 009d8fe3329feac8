// Campaign area sub-navigation: campaign info and both questionnaires.
import { NavLink, Outlet } from 'react-router'
import { useTranslation } from 'react-i18next'

export default function CampaignLayout() {
  const { t } = useTranslation('questionnaire')
  return (
    <div className="stack">
      <nav aria-label={t('subnav.label')}>
        <ul className="tabs">
          <li>
            <NavLink to="/campaign/info">{t('subnav.info')}</NavLink>
          </li>
          <li>
            <NavLink to="/campaign/questionnaire/initial">{t('subnav.initial')}</NavLink>
          </li>
          <li>
            <NavLink to="/campaign/questionnaire/final">{t('subnav.final')}</NavLink>
          </li>
        </ul>
      </nav>
      <Outlet />
    </div>
  )
}
