// answers.csv: one row per stored answer: columns, keyset-paged query, the index from an answer option to its
// question, and the record (with the question's texts in the participant's own download).
import { and, asc, eq, gt, inArray, type SQL } from 'drizzle-orm'
import type { DbOrTx } from '~/db/connect.server'
import { answers, users } from '~/db/schema'
import { isoInZone } from '~/domain/exportFormat'
import type { Locale } from '~/domain/locale'
import { allQuestions } from '~/domain/questionFlow'
import { textIn, type StoredQuestionnaire } from '../questionnaire/store.server'
import type { AnswerOption, Question, SubQuestion } from '../schemas/campaign-file'
import {
  BATCH_SIZE,
  keysetBatches,
  participantOf,
  participantSelect,
  type Column,
  type ParticipantFields,
  type Row,
} from './rows.server'

export const ANSWER_COLUMNS: Column[] = [
  { name: 'answer_id', desc: 'id of the answer' },
  { name: 'questionnaire_id', desc: 'questionnaire id (questionnaires.json)' },
  { name: 'questionnaire_type', desc: 'INITIAL, FINAL, TRIP_BASED or LEG_BASED' },
  { name: 'scope', desc: "what was answered: 'campaign', 'trip:ID' or 'leg:ID'" },
  { name: 'trip_id', desc: 'the way answered about (TRIP_BASED; for LEG_BASED the way of the leg)' },
  { name: 'leg_id', desc: 'the leg answered about (LEG_BASED)' },
  { name: 'question_id', desc: 'question id (questionnaires.json)' },
  { name: 'question_type', desc: 'question type, e.g. SINGLE_CHOICE, TEXT, INT_NO_INPUT' },
  { name: 'sub_question_id', desc: 'sub-question (matrix row) id of the answer option' },
  { name: 'answer_option_id', desc: 'answer option id (unique within the questionnaire)' },
  {
    name: 'text',
    desc: 'the answer text: free text, a number, a date as unix seconds, a time HH:mm:ss (may be empty for a chosen option)',
  },
  { name: 'answered_at', desc: 'when the questionnaire was sent, ISO 8601 with offset' },
]

type AnswerRow = typeof answers.$inferSelect

export interface AnswerItem {
  answer: AnswerRow
  participant: ParticipantFields
}

/** Answers matching `where` (on answers/users), keyset-paged by answer id. */
export async function* answerBatches(
  db: DbOrTx,
  where: SQL | undefined,
  batchSize = BATCH_SIZE,
): AsyncGenerator<AnswerItem[]> {
  const pages = keysetBatches(
    (after, limit) =>
      db
        .select({ answer: answers, ...participantSelect })
        .from(answers)
        .innerJoin(users, eq(users.id, answers.userId))
        .where(and(where, gt(answers.id, after)))
        .orderBy(asc(answers.id))
        .limit(limit),
    (r) => r.answer.id,
    batchSize,
  )
  for await (const rows of pages) yield rows.map((r) => ({ answer: r.answer, participant: participantOf(r) }))
}

export interface OptionRef {
  questionnaire: StoredQuestionnaire
  question: Question
  subQuestion: SubQuestion
  option: AnswerOption
}

/** questionnaire id → answer option id → its question, sub-question and option (filter sections included). */
export function optionIndex(list: StoredQuestionnaire[]): Map<number, Map<number, OptionRef>> {
  const out = new Map<number, Map<number, OptionRef>>()
  for (const questionnaire of list) {
    const byOption = new Map<number, OptionRef>()
    for (const question of allQuestions(questionnaire.def.section)) {
      for (const subQuestion of question.subQuestions) {
        for (const option of subQuestion.answOpts)
          byOption.set(option.id, { questionnaire, question, subQuestion, option })
      }
    }
    out.set(questionnaire.id, byOption)
  }
  return out
}

/** answers.csv's record of an answer; the question's and option's texts too when a locale is given. */
export function answerRecord(
  a: AnswerRow,
  index: Map<number, Map<number, OptionRef>>,
  timeZone: string,
  textsIn?: Locale,
): Row {
  const ref = index.get(a.questionnaireId)?.get(a.answOptId)
  const tripId = a.tripId ?? (a.scope.startsWith('trip:') ? Number(a.scope.slice(5)) : null)
  const row: Row = {
    answer_id: a.id,
    questionnaire_id: a.questionnaireId,
    questionnaire_type: ref?.questionnaire.type ?? null,
    scope: a.scope,
    trip_id: tripId,
    leg_id: a.legId ?? (a.scope.startsWith('leg:') ? Number(a.scope.slice(4)) : null),
    question_id: a.questionId,
    question_type: ref?.question.type ?? null,
    sub_question_id: ref?.subQuestion.id ?? null,
    answer_option_id: a.answOptId,
    text: a.text,
    answered_at: isoInZone(a.createdAt, timeZone),
  }
  if (textsIn) {
    row.question = ref ? textIn(ref.question.introTxt, textsIn) : null
    row.sub_question = ref ? textIn(ref.subQuestion.introTxt, textsIn) || null : null
    row.answer_option = ref ? textIn(ref.option.introTxt, textsIn) || null : null
  }
  return row
}

/** The research export's answers: those of the campaign's participants to the campaign's questionnaires. */
export const answersOfCampaign = (campaignId: number, questionnaireIds: number[]) =>
  and(
    eq(users.campaignId, campaignId),
    questionnaireIds.length ? inArray(answers.questionnaireId, questionnaireIds) : eq(answers.id, -1),
  )
