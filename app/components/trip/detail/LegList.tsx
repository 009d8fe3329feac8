// The legs of a way on the trip detail page (the legs list with time info and per-leg editing): times,
// duration and distance, modes with their icons, purposes (at most 2, then an ellipsis), start/end marks,
// and the actions the current step allows: purposes, copy and delete (first or last, more than one leg)
// in step 1; the traffic mode in step 2; "show on map" (?leg=ID) always.
import { Form, Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Icon, ModeIcon } from '~/components/icons/ModeSprite'
import { canDeleteLeg } from '~/domain/legRules'
import { formatDistance } from '~/domain/distance'
import { formatDuration } from '~/domain/duration'
import type { Locale } from '~/domain/locale'
import { legPurposesLabel } from '~/domain/tripName'
import { buttonClass, cx, HiddenFields } from '~/components/ui'
import { FormBasics, SubmitButton, hrefWith, timeOf, type DetailLeg } from './shared'

export function LegList({
  legs,
  version,
  locale,
  pathname,
  search,
  selectedLegId,
  editLegs,
  editModes,
}: {
  legs: DetailLeg[]
  version: number
  locale: Locale
  pathname: string
  search: URLSearchParams
  selectedLegId: number | null
  /** Step 1: purposes per leg, copy, delete. */
  editLegs: boolean
  /** Step 2: the traffic-mode selector per leg. */
  editModes: boolean
}) {
  const { t } = useTranslation('trip')
  const ids = legs.map((l) => l.id)
  return (
    <ol className="leg-list">
      {legs.map((leg, i) => {
        const n = i + 1
        const selected = leg.id === selectedLegId
        const deletable = editLegs && canDeleteLeg(ids, leg.id).ok
        const purposes = legPurposesLabel(leg.tripPurposes.map((p) => p.name))
        const duration = formatDuration(new Date(leg.end).getTime() - new Date(leg.start).getTime(), locale)
        const distance = formatDistance(leg.distance, locale)
        return (
          <li
            key={leg.id}
            id={`leg-${leg.id}`}
            className={cx('card leg', selected && 'leg--selected')}
            data-dialog-return={`leg-${leg.id}`}
          >
            <div className="leg__head">
              <h3 className="leg__title">
                {t('legs.leg', { n })}
                <span className="leg__time">{`${timeOf(leg.startTime)} – ${timeOf(leg.endTime)}`}</span>
              </h3>
              {leg.isStart || leg.isEnd ? (
                <span className="leg__ends">
                  {[leg.isStart && t('legs.start'), leg.isEnd && t('legs.end')].filter(Boolean).join(' · ')}
                </span>
              ) : null}
            </div>
            <p className="leg__stats text-muted">{[duration, distance].filter(Boolean).join(' · ')}</p>
            <dl className="leg__facts">
              <div>
                <dt>{t('legs.modes')}</dt>
                <dd>
                  <ul className="mode-list">
                    {leg.modes.map((m) => (
                      <li key={m.constant}>
                        <ModeIcon mode={m.constant} />
                        {t(`common:modes.${m.constant}`)}
                      </li>
                    ))}
                  </ul>
                </dd>
              </div>
              <div>
                <dt>{t('legs.purposes')}</dt>
                <dd title={leg.tripPurposes.length > 2 ? leg.tripPurposes.map((p) => p.name).join(', ') : undefined}>
                  {purposes || t('legs.noPurpose')}
                </dd>
              </div>
            </dl>
            <div className="leg__actions">
              {editModes ? (
                <Link
                  className={buttonClass({ variant: 'primary', size: 'small' })}
                  to={hrefWith(pathname, search, { dialog: 'modes', leg: leg.id }, 'modes')}
                  preventScrollReset
                >
                  <Icon name="edit" />
                  {t('legs.editModes')}
                  <span className="visually-hidden">{` (${t('legs.leg', { n })})`}</span>
                </Link>
              ) : null}
              {editLegs ? (
                <>
                  <Link
                    className={buttonClass({ size: 'small' })}
                    to={hrefWith(pathname, search, { dialog: 'purpose', leg: leg.id }, 'purpose')}
                    preventScrollReset
                  >
                    <Icon name="edit" />
                    {t('legs.editPurposes')}
                    <span className="visually-hidden">{` (${t('legs.leg', { n })})`}</span>
                  </Link>
                  <Form method="post" className="leg__form">
                    <FormBasics intent="copy-leg" version={version} />
                    <HiddenFields fields={{ legId: leg.id }} />
                    <SubmitButton size="small">
                      <Icon name="copy" />
                      {t('legs.copy')}
                      <span className="visually-hidden">{` (${t('legs.leg', { n })})`}</span>
                    </SubmitButton>
                  </Form>
                  {deletable ? (
                    <Link
                      className={buttonClass({ size: 'small' })}
                      to={hrefWith(pathname, search, { dialog: 'delete-leg', leg: leg.id }, 'delete-leg')}
                      preventScrollReset
                    >
                      <Icon name="trash" />
                      {t('legs.delete')}
                      <span className="visually-hidden">{` (${t('legs.leg', { n })})`}</span>
                    </Link>
                  ) : null}
                </>
              ) : null}
              {leg.points.length > 0 ? (
                selected ? (
                  <span className="leg__selected">
                    <Icon name="map-pin" />
                    {t('legs.shownOnMap')}
                  </span>
                ) : (
                  <Link
                    className={buttonClass({ variant: 'ghost', size: 'small' })}
                    to={hrefWith(pathname, search, { leg: leg.id, dialog: null }, 'trip-map')}
                    preventScrollReset
                    replace
                  >
                    <Icon name="map-pin" />
                    {t('legs.showOnMap')}
                    <span className="visually-hidden">{` (${t('legs.leg', { n })})`}</span>
                  </Link>
                )
              ) : null}
            </div>
          </li>
        )
      })}
    </ol>
  )
}
