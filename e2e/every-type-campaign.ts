// A campaign whose initial questionnaire holds one question of each question type: the demo study's four
// questionnaires (which together use every type) in one, for the accessibility and screenshot tests.
import { expect, type Page } from '@playwright/test'
import { demoCampaign } from '../app/services/demo/campaign'
import { day } from './fixtures'

/**
 * The demo study's questionnaires (which together hold every question type) as one initial questionnaire of a new
 * campaign: ids moved out of the demo's range, filters dropped and nothing mandatory but the first question, so
 * Next walks through every type.
 */
export function everyTypeCampaign() {
  const base = 100_000_000 + Math.floor(Math.random() * 9_000) * 100_000
  const demo = demoCampaign({ startDay: day(-10), endDay: day(20), finalFromDay: day(-10) })
  const shift = (x: unknown): unknown => {
    if (Array.isArray(x)) return x.map(shift)
    if (x && typeof x === 'object') {
      return Object.fromEntries(
        Object.entries(x)
          .filter(([k]) => k !== 'filter')
          .map(([k, v]) => [k, k === 'id' && typeof v === 'number' ? base + v : shift(v)]),
      )
    }
    return x
  }
  const questions = (demo.questionnaires ?? []).flatMap((q) => q.section.questions)
  const all = questions.map((q, i) => ({ ...(shift(q) as object), mandatory: i === 0, sortingIdx: i }))
  return {
    ...demo,
    name: 'Every question type',
    faqs: [],
    textModules: [],
    tripPurposes: [{ id: base + 1, name: { de_DE: 'Arbeit', en_US: 'Work' } }],
    trpFdbkReasons: [],
    creator: undefined,
    questionnaires: [
      { id: base + 1, type: 'INITIAL', mandatory: false, showProg: true, section: { id: base + 1, questions: all } },
    ],
    // DRAG_RAT is unsupported on the web (skipped, never rendered).
    types: [...new Set(questions.map((q) => q.type))].filter((type) => type !== 'DRAG_RAT'),
  }
}

/** The questionnaire's progress "Question n of total" as [n, total]. */
async function progress(page: Page): Promise<[number, number]> {
  const [n, total] = ((await page.locator('.qtn-progress').textContent()) ?? '').match(/\d+/g)?.map(Number) ?? []
  return [n ?? 0, total ?? 0]
}

/**
 * Steps through the questionnaire with Next (each step checked to have arrived), calling `atFirst` on the first
 * question of each type; returns the types met, sorted.
 */
export async function throughEachType(page: Page, atFirst: (type: string) => Promise<void>): Promise<string[]> {
  const seen = new Set<string>()
  for (;;) {
    const type = (await page.locator('fieldset.qtn-q').getAttribute('data-type'))!
    if (!seen.has(type)) {
      seen.add(type)
      await atFirst(type)
    }
    const [n, total] = await progress(page)
    if (n >= total) break
    await page.locator('main form button[name="intent"][value="next"]').click()
    await expect.poll(async () => (await progress(page))[0]).toBe(n + 1)
  }
  return [...seen].sort()
}
