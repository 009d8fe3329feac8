// Drafts of the pages' questionnaire flow: per user, questionnaire and scope the answers so far, the question ids
// seen and the position, saved on every Back and Next; and the copy of a leg's answers for later legs.
import { and, eq, inArray } from 'drizzle-orm'
import type { DbOrTx } from '~/db/connect.server'
import { questionnaireDrafts } from '~/db/schema'
import type { Answer } from '~/domain/questionnaire'
import { copyableAnswers } from '~/domain/questionFlow'
import type { Scope, StoredQuestionnaire } from './store.server'

export interface Draft {
  resps: Answer[]
  seenQuestionIds: number[]
  position: number
  updatedAt: Date | null
}

export const EMPTY_DRAFT: Draft = { resps: [], seenQuestionIds: [], position: 0, updatedAt: null }

export async function readDrafts(
  db: DbOrTx,
  userId: number,
  keys: { questionnaireId: number; scope: Scope }[],
): Promise<Map<string, Draft>> {
  const out = new Map<string, Draft>()
  if (!keys.length) return out
  const rows = await db
    .select()
    .from(questionnaireDrafts)
    .where(
      and(
        eq(questionnaireDrafts.userId, userId),
        inArray(
          questionnaireDrafts.scope,
          keys.map((k) => k.scope),
        ),
      ),
    )
  for (const r of rows)
    out.set(`${r.questionnaireId}|${r.scope}`, {
      resps: r.resps,
      seenQuestionIds: r.seenQuestionIds,
      position: r.position,
      updatedAt: r.updatedAt,
    })
  return out
}

export async function writeDraft(
  db: DbOrTx,
  userId: number,
  questionnaireId: number,
  scope: Scope,
  draft: Omit<Draft, 'updatedAt'>,
  now: Date,
) {
  const values = {
    resps: draft.resps,
    seenQuestionIds: draft.seenQuestionIds,
    position: Math.max(0, Math.trunc(draft.position)),
    updatedAt: now,
  }
  await db
    .insert(questionnaireDrafts)
    .values({ userId, questionnaireId, scope, ...values })
    .onConflictDoUpdate({
      target: [questionnaireDrafts.userId, questionnaireDrafts.questionnaireId, questionnaireDrafts.scope],
      set: values,
    })
}

/** Copies of a leg questionnaire's answers for later legs (locator questions are not copied). */
export function copiesFor(q: StoredQuestionnaire, resps: Answer[]): Answer[] {
  return copyableAnswers(q.def.section, resps)
}
