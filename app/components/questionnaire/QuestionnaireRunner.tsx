// The questionnaire flow on a page: one question at a time, Back / Next / Complete (the survey, or a way's questions) as
// submit buttons of one plain form (works without JavaScript; the server saves a draft on every Back and Next).
// "Skip the optional questions" goes on to the next question that needs an answer (shown when that passes over more
// than the next question).
// Next and Complete come first in the markup so that Enter in a text field means Next, never Back.
import { useEffect, useRef, useState } from 'react'
import { Form } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Button, Notice, cx } from '~/components/ui'
import { useRootData } from '~/root'
import type { FlowView, PartTitle, QuestionView } from '~/services/questionnaire/flow-view.server'
import { QuestionField } from './QuestionField'
import { fieldError, type FormReply } from '~/lib/forms'
import { flowReply } from '~/lib/questionnaire-form'
import { flowMessage, messageParams, questionField } from '~/domain/questionMessages'

export interface RunnerProps {
  view: FlowView
  /** The action's reply to the last post (a refusal shown without a redirect); else the view's own refusal. */
  reply?: FormReply
  /** Where the form posts (the page itself, or the trip detail's questionnaire route). */
  action: string
  /** Heading level of the copy prompt's title. */
  headingLevel?: 2 | 3
  /** Draw the question in a card (not inside a panel that is a card already). */
  boxed?: boolean
}

function usePartTitle() {
  const { t } = useTranslation('questionnaire')
  return (title: PartTitle) =>
    title.kind === 'LEG'
      ? t('parts.LEG', { n: title.legNo, mode: t(`common:modes.${title.mode}`) })
      : t(`parts.${title.kind}`)
}

function noticeParams(q: QuestionView | null): Record<string, number | string> {
  if (!q) return {}
  return {
    min: q.range.min,
    max: q.range.max,
    maxSum: q.slider.maxSum,
    textMax: q.textMax,
  }
}

export function QuestionnaireRunner({
  view,
  reply: actionReply,
  action,
  headingLevel = 2,
  boxed = false,
}: RunnerProps) {
  const { t } = useTranslation('questionnaire')
  const root = useRootData()
  const partTitle = usePartTitle()
  const [offline, setOffline] = useState(false)
  // Focus moves to a question only after the participant navigated (not on the first page load).
  const firstVersion = useRef(view.version)
  const moved = view.version !== firstVersion.current
  useEffect(() => setOffline(false), [view.version])

  const hidden = (
    <>
      <input type="hidden" name="qtn" value={view.questionnaireId} />
      <input type="hidden" name="scope" value={view.scope} />
    </>
  )
  const reply = actionReply ?? (view.error ? flowReply(view.error) : undefined)
  const message = view.question ? fieldError(reply, questionField(view.question.id)) : undefined
  const error = message ? t(message, messageParams(view.question, message)) : null
  const incomplete = fieldError(reply, '') === flowMessage('incomplete')
  const notice = view.notice ? t(`notices.${view.notice}`, noticeParams(view.question)) : null
  const Heading = headingLevel === 2 ? 'h2' : 'h3'

  return (
    <div className="qtn-run stack">
      {view.parts.length > 1 ? (
        <ol className="qtn-parts" aria-label={t('flow.parts')}>
          {view.parts.map((p, i) => (
            <li
              key={i}
              aria-current={i === view.partIndex ? 'step' : undefined}
              className={cx(p.done && 'qtn-parts__done')}
            >
              {partTitle(p.title)}
              {p.done ? <span className="visually-hidden"> ({t('flow.partDone')})</span> : null}
            </li>
          ))}
        </ol>
      ) : null}

      {view.prompt ? (
        <Form method="post" action={action} className={cx('stack', boxed && 'card')}>
          <Heading className="card__title">{t('prompt.title')}</Heading>
          <p>
            {t('prompt.text', {
              legs: view.prompt.legs.map((l) => l.legNo).join(', '),
              mode: t(`common:modes.${view.prompt.legs[0].mode}`),
              count: view.prompt.legs.length,
            })}
          </p>
          <div className="qtn-nav">
            <Button variant="primary" name="intent" value="copy-yes">
              {t('prompt.yes')}
            </Button>
            <Button name="intent" value="copy-no">
              {t('prompt.no')}
            </Button>
          </div>
          {hidden}
        </Form>
      ) : (
        <Form
          method="post"
          action={action}
          className={cx('stack', boxed && 'card')}
          noValidate
          onSubmit={(e) => {
            // A lost connection must not throw the page away: keep the entries and say so.
            if (typeof navigator !== 'undefined' && navigator.onLine === false) {
              e.preventDefault()
              setOffline(true)
            }
          }}
        >
          {view.parts.length > 1 ? (
            <p className="qtn-part-title">{partTitle(view.parts[view.partIndex].title)}</p>
          ) : null}
          {view.showProgress && view.total > 0 ? (
            <p className="qtn-progress">
              <span>{t('flow.progress', { n: view.position + 1, total: view.total })}</span>
              <progress max={view.total} value={view.position + 1} aria-hidden="true" />
            </p>
          ) : null}
          {incomplete ? (
            <Notice type="error" role="alert">
              <p>{t(flowMessage('incomplete'))}</p>
            </Notice>
          ) : null}
          {offline ? (
            <Notice type="error" role="alert">
              <p>{t('flow.offline')}</p>
            </Notice>
          ) : null}
          {view.question ? (
            <QuestionField
              key={view.version}
              q={view.question}
              state={view.state}
              error={error}
              notice={notice}
              debug={root?.debugMode === true}
              today={view.today}
              places={view.places}
              tiles={root?.mapTileUrl ? { url: root.mapTileUrl, attribution: root.mapTileAttribution } : undefined}
              autoFocus={moved}
            />
          ) : (
            <p>{t('flow.noQuestions')}</p>
          )}
          <div className="qtn-nav">
            {!view.isLast ? (
              <Button variant="primary" name="intent" value="next">
                {t('flow.next')}
              </Button>
            ) : view.canComplete ? (
              <Button variant="primary" name="intent" value="complete">
                {t(view.scope === 'campaign' ? 'flow.complete' : 'flow.completeWay')}
              </Button>
            ) : (
              <Button variant="primary" name="intent" value="open">
                {t('flow.open')}
              </Button>
            )}
            {view.canSkip ? (
              <Button name="intent" value="skip">
                {t('flow.skip')}
              </Button>
            ) : null}
            {!view.isFirst ? (
              <Button name="intent" value="back">
                {t('flow.back')}
              </Button>
            ) : null}
          </div>
          {view.isLast && !view.canComplete ? <p className="field__hint">{t('flow.openHint')}</p> : null}
          {/* Last, so that they add no gap at the top of the stack. */}
          {hidden}
          {view.question ? <input type="hidden" name="question" value={view.question.id} /> : null}
        </Form>
      )}
    </div>
  )
}
