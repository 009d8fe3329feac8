// docs/way-states.md shows the state machine of domain/wayState.ts: its diagram and table of allowed actions are
// generated here and must equal the document's generated part (regenerate with UPDATE_WAY_STATES_DOC=1).
import fs from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'
import { ALLOWED, WAY_ACTIONS, WAY_STATES, wayState, type WayFacts, type WayStateName } from './wayState'

const DOC = path.resolve(import.meta.dirname, '../../docs/way-states.md')
const START = '<!-- generated from app/domain/wayState.ts: start -->'
const END = '<!-- generated: end -->'

/** One example of facts per state, to show the step and status the machine gives it. */
const EXAMPLE: Record<WayStateName, WayFacts> = {
  purpose: {
    confirmed: false,
    reported: false,
    questionsAnswered: false,
    manual: false,
    legs: [{ hasPurpose: false }],
  },
  modes: { confirmed: false, reported: false, questionsAnswered: false, manual: false, legs: [{ hasPurpose: true }] },
  questions: {
    confirmed: true,
    reported: false,
    questionsAnswered: false,
    manual: false,
    legs: [{ hasPurpose: true }],
  },
  done: { confirmed: true, reported: false, questionsAnswered: true, manual: false, legs: [{ hasPurpose: true }] },
  reported: { confirmed: false, reported: true, questionsAnswered: false, manual: false, legs: [{ hasPurpose: true }] },
}
const STEP_NAMES = ['Purpose', 'TrafficModes', 'BeforeQuestionnaires', 'Questionnaires', 'Validated']

function generated(): string {
  const diagram = [
    '```mermaid',
    'stateDiagram-v2',
    '  [*] --> purpose: recorded or added way',
    '  purpose --> modes: setPurposes (every leg has a purpose)',
    '  modes --> questions: confirm / validate the last leg',
    '  questions --> done: answer questions / complete',
    '  purpose --> reported: report',
    '  modes --> reported: report',
    '  reported --> purpose: withdrawReport',
    '  reported --> modes: withdrawReport',
    '  done --> [*]',
    '```',
  ]
  for (const s of WAY_STATES) expect(diagram.join('\n')).toContain(` ${s}`)
  const header = ['| action | ' + WAY_STATES.join(' | ') + ' |', '|---|' + WAY_STATES.map(() => '---').join('|') + '|']
  const rows = WAY_ACTIONS.map(
    (a) =>
      `| ${a} | ` +
      WAY_STATES.map((s) => (ALLOWED[s].includes(a) ? (a === 'editManual' ? 'yes (manual ways)' : 'yes') : '–')).join(
        ' | ',
      ) +
      ' |',
  )
  const steps = WAY_STATES.map((s) => {
    const w = wayState(EXAMPLE[s])
    return `| ${s} | ${STEP_NAMES[w.step]} | ${w.status} |`
  })
  return [
    START,
    '',
    ...diagram,
    '',
    ...header,
    ...rows,
    '',
    '| state | detail step | list status |',
    '|---|---|---|',
    ...steps,
    '',
    END,
  ].join('\n')
}

test('docs/way-states.md shows the state machine as it is', () => {
  const doc = fs.readFileSync(DOC, 'utf8')
  const from = doc.indexOf(START)
  const to = doc.indexOf(END)
  expect(from, 'generated part present').toBeGreaterThanOrEqual(0)
  const current = doc.slice(from, to + END.length)
  if (process.env.UPDATE_WAY_STATES_DOC) fs.writeFileSync(DOC, doc.replace(current, generated()))
  else expect(current).toBe(generated())
})
