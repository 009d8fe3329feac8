// One place in the /pois list: the static map image, a marker that differs by verification status
// (shape and colour, with a text alternative, plus the status as text), the name, and its controls.
import { useTranslation } from 'react-i18next'
import { Badge, ButtonLink } from '~/components/ui'
import { Icon } from '~/components/icons/ModeSprite'
import type { VerificationState } from '~/domain/poi'

export interface PlaceView {
  id: number
  name: string
  description: string | null
  state: VerificationState
  imageUrl: string
  canEdit: boolean
}

const BADGE = { verified: 'confirmed', unverified: 'questionnairesUnanswered', none: 'neutral' } as const

/** A map pin whose tip points at the image centre: filled with a check (verified), filled with "!" (unverified), hollow (no status). */
function PoiMarker({ state, label }: { state: VerificationState; label: string }) {
  return (
    <svg
      className={`poi-marker poi-marker--${state}`}
      viewBox="0 0 28 36"
      width="28"
      height="36"
      role="img"
      aria-label={label}
    >
      <path className="poi-marker__pin" d="M14 35C14 35 2 21.5 2 13.5a12 12 0 0 1 24 0C26 21.5 14 35 14 35z" />
      {state === 'verified' ? <path className="poi-marker__glyph" d="M8.5 13.5l3.8 3.8 7.2-7.6" /> : null}
      {state === 'unverified' ? <path className="poi-marker__glyph" d="M14 7.5v7.5M14 18.6v.2" /> : null}
      {state === 'none' ? <circle className="poi-marker__dot" cx="14" cy="13.5" r="3.5" /> : null}
    </svg>
  )
}

export function PoiCard({ place }: { place: PlaceView }) {
  const { t } = useTranslation('pois')
  const status = t(`status.${place.state}`)
  return (
    <li className="card poi-card" id={`poi-${place.id}`}>
      <div className="poi-card__map">
        <img
          src={place.imageUrl}
          width={250}
          height={170}
          alt={t('list.mapAlt', { name: place.name })}
          loading="lazy"
          decoding="async"
        />
        <PoiMarker state={place.state} label={status} />
      </div>
      <div className="poi-card__body">
        <h2 className="poi-card__name">{place.name}</h2>
        <Badge status={BADGE[place.state]} label={status} />
        {place.description ? <p className="poi-card__desc">{place.description}</p> : null}
        <div className="poi-card__actions">
          {place.canEdit ? (
            <ButtonLink
              to={`?dialog=edit&poi=${place.id}#edit`}
              size="small"
              aria-label={t('list.editLabel', { name: place.name })}
              preventScrollReset
            >
              <Icon name="edit" />
              {t('list.edit')}
            </ButtonLink>
          ) : null}
          <ButtonLink
            to={`?dialog=delete&poi=${place.id}#delete`}
            size="small"
            className="poi-card__delete"
            aria-label={t('list.deleteLabel', { name: place.name })}
            preventScrollReset
          >
            <Icon name="trash" />
            {t('list.delete')}
          </ButtonLink>
        </div>
      </div>
    </li>
  )
}
