// /campaign/info: the campaign's name (cut to 50 characters below 460 px, by CSS: the full name stays
// available to assistive technology), start and end dates, description, and a button for the initial and the final
// questionnaire with its state text; the no-participation message without a campaign.
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { Route } from './+types/campaign.info'
import { authed } from '~/lib/context.server'
import { PageTitle } from '~/components/layout/PageTitle'
import { Notice, cx } from '~/components/ui'
import { Icon } from '~/components/icons/ModeSprite'
import { participantCampaign } from '~/lib/info-calls.server'
import { buttonDate, buttonState, canAnswer, type ButtonState, type QuestionnaireSummary } from '~/domain/availability'
import { dayToDisplay } from '~/domain/time'

/** Text cuts: campaign name 50 characters below 460 px width. */
export const CAMPAIGN_NAME_MAX = 50

export async function loader({ context }: Route.LoaderArgs) {
  const campaign = await participantCampaign(authed(context))
  if (!campaign) return { campaign: null }
  const button = (summary: QuestionnaireSummary | null, isFinal: boolean) => {
    if (!summary) return null
    const state = buttonState(summary, { isFinal, initial: campaign.initialQuestionnaire })
    const date = buttonDate(summary, state)
    return { state, date: date ? dayToDisplay(date.slice(0, 10)) : null, open: canAnswer(state) }
  }
  return {
    campaign: {
      name: campaign.name,
      description: campaign.description,
      start: dayToDisplay(campaign.startDate),
      end: dayToDisplay(campaign.endDate),
      initial: button(campaign.initialQuestionnaire, false),
      final: button(campaign.finalQuestionnaire, true),
    },
  }
}

const STATE_ICON: Record<ButtonState, 'check' | 'alert' | 'info'> = {
  answered: 'check',
  toAnswer: 'info',
  locked: 'alert',
  availableFrom: 'info',
  expired: 'alert',
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('questionnaire')
  const { campaign } = loaderData
  if (!campaign) {
    return (
      <section className="stack">
        <PageTitle>{t('info.title')}</PageTitle>
        <h1>{t('info.title')}</h1>
        <Notice title={t('info.noCampaign.title')}>
          <p>{t('info.noCampaign.text')}</p>
        </Notice>
      </section>
    )
  }
  const short =
    [...campaign.name].length > CAMPAIGN_NAME_MAX
      ? [...campaign.name].slice(0, CAMPAIGN_NAME_MAX - 1).join('') + '…'
      : null
  return (
    <section className="stack campaign-info">
      <PageTitle>{campaign.name}</PageTitle>
      <h1 className="campaign-name">
        {short ? (
          <>
            <span className="campaign-name__full">{campaign.name}</span>
            <span className="campaign-name__short" aria-hidden="true">
              {short}
            </span>
          </>
        ) : (
          campaign.name
        )}
      </h1>
      <dl className="campaign-dates">
        <div>
          <dt>{t('info.start')}</dt>
          <dd>{campaign.start}</dd>
        </div>
        <div>
          <dt>{t('info.end')}</dt>
          <dd>{campaign.end}</dd>
        </div>
      </dl>
      {/* The description is HTML, sanitised by the service as the text modules are. */}
      {campaign.description ? (
        <div className="prose" dangerouslySetInnerHTML={{ __html: campaign.description }} />
      ) : null}
      <h2>{t('info.questionnaires')}</h2>
      <ul className="campaign-qtns">
        {(['initial', 'final'] as const).map((kind) => {
          const b = campaign[kind]
          const title = t(`titles.${kind === 'initial' ? 'INITIAL' : 'FINAL'}`)
          if (!b) {
            return (
              <li key={kind} className="card campaign-qtn">
                <span className="campaign-qtn__title">{title}</span>
                <span className="campaign-qtn__state">
                  {t('page.notAvailable', { type: t(`types.${kind === 'initial' ? 'INITIAL' : 'FINAL'}`) })}
                </span>
              </li>
            )
          }
          const stateText = t(`state.${b.state}`, { date: b.date ?? '' })
          return (
            <li key={kind} className={cx('card card--link campaign-qtn', `campaign-qtn--${b.state}`)}>
              <Link
                className="card__link campaign-qtn__title"
                to={`/campaign/questionnaire/${kind}`}
                aria-describedby={`qtn-state-${kind}`}
              >
                {title}
              </Link>
              <span className="campaign-qtn__state" id={`qtn-state-${kind}`}>
                <Icon name={STATE_ICON[b.state]} />
                {stateText}
              </span>
              {b.state === 'locked' ? <span className="text-small text-muted">{t('page.initialFirst')}</span> : null}
            </li>
          )
        })}
      </ul>
    </section>
  )
}
