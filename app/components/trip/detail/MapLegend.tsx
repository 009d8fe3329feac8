// The legend under the way's map: start, end and one line per traffic mode.
import { useTranslation } from 'react-i18next'
import { modeColor } from '~/components/icons/modes'

export function MapLegend({
  legs,
  startName,
  endName,
}: {
  legs: { mode: string }[]
  startName?: string | null
  endName?: string | null
}) {
  const { t } = useTranslation('trip')
  const modes = [...new Set(legs.map((l) => l.mode))]
  return (
    <ul className="map-legend" aria-label={t('map.legend')}>
      <li>
        <span className="map-legend__start" aria-hidden="true" />
        {startName ? t('map.named', { label: t('map.start'), name: startName }) : t('map.start')}
      </li>
      <li>
        <span className="map-legend__end" aria-hidden="true" />
        {endName ? t('map.named', { label: t('map.end'), name: endName }) : t('map.end')}
      </li>
      {modes.map((m) => (
        <li key={m}>
          <span className="map-legend__line" style={{ backgroundColor: modeColor(m) }} aria-hidden="true" />
          {t(`common:modes.${m}`)}
        </li>
      ))}
    </ul>
  )
}
