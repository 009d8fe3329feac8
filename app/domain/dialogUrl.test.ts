// A GET navigation that keeps the path and changes only a page's dialog parameters needs nothing from the server;
// another path, another parameter, the same address again, or a dialog the server computes from the URL loads.
import { describe, expect, test } from 'vitest'
import {
  ANY_PAGE_DIALOGS,
  LIST_DIALOGS,
  onlyDialogChanged,
  opensDialog,
  WAY_DIALOGS,
  type DialogParams,
} from './dialogUrl'

const u = (path: string) => new URL(path, 'http://x.test')
const LIST = '/ways/list/all/page/1'
const WAY = '/ways/tripDetails/7'

describe('onlyDialogChanged', () => {
  test.each<[string, DialogParams, string, string, boolean]>([
    ['list: open the mode picker', LIST_DIALOGS, LIST, `${LIST}?dialog=mode&leg=3`, true],
    ['list: close it (hash only stays)', LIST_DIALOGS, `${LIST}?dialog=mode&leg=3`, `${LIST}#trip-5`, true],
    ['list: another leg', LIST_DIALOGS, `${LIST}?dialog=mode&leg=3`, `${LIST}?dialog=mode&leg=4`, true],
    ['list: report', LIST_DIALOGS, LIST, `${LIST}?dialog=report&trip=5#report`, true],
    ['list: a day without ways', LIST_DIALOGS, LIST, `${LIST}?dialog=noTrips&day=2026-11-20#noTrips`, true],
    ['list: a run', LIST_DIALOGS, LIST, `${LIST}?dialog=noTripsRun&days=2026-11-18..2026-11-20`, true],
    [
      'list: a day inside a run',
      LIST_DIALOGS,
      LIST,
      `${LIST}?expand=2026-11-18..2026-11-20&dialog=noTrips&day=2026-11-19`,
      true,
    ],
    [
      'list: same address again (a reload)',
      LIST_DIALOGS,
      `${LIST}?dialog=mode&leg=3`,
      `${LIST}?dialog=mode&leg=3`,
      false,
    ],
    ['list: no parameters either side', LIST_DIALOGS, LIST, `${LIST}#top`, false],
    ['list: another page', LIST_DIALOGS, LIST, '/ways/list/all/page/2?dialog=mode&leg=3', false],
    ['list: another tab', LIST_DIALOGS, LIST, '/ways/list/unconfirmed/page/1', false],
    ['list: a refused confirmation (retryPurpose) is data', LIST_DIALOGS, LIST, `${LIST}?retryPurpose=2`, false],
    [
      'list: dialog and a data parameter together',
      LIST_DIALOGS,
      LIST,
      `${LIST}?dialog=report&trip=5&retryPurpose=2`,
      false,
    ],
    ['way: purpose', WAY_DIALOGS, WAY, `${WAY}?dialog=purpose#purpose`, true],
    [
      'way: purpose, list tab kept',
      WAY_DIALOGS,
      `${WAY}?list=unconfirmed`,
      `${WAY}?list=unconfirmed&dialog=purpose`,
      true,
    ],
    [
      "way: a leg's modes, several",
      WAY_DIALOGS,
      `${WAY}?dialog=modes&leg=3`,
      `${WAY}?dialog=modes&leg=3&several=1`,
      true,
    ],
    ['way: confirm', WAY_DIALOGS, WAY, `${WAY}?dialog=confirm`, true],
    [
      'way: report from the modes dialog',
      WAY_DIALOGS,
      `${WAY}?dialog=modes&leg=3`,
      `${WAY}?dialog=report&leg=3&trip=7`,
      true,
    ],
    ['way: the list tab is data (the back link)', WAY_DIALOGS, WAY, `${WAY}?list=confirmed`, false],
    ['way: the questionnaire view is data', WAY_DIALOGS, WAY, `${WAY}?view=questionnaire`, false],
    ['way: into the split dialog (server computes its points)', WAY_DIALOGS, WAY, `${WAY}?dialog=split&leg=3`, false],
    [
      'way: a tap on the track in it',
      WAY_DIALOGS,
      `${WAY}?dialog=split&leg=3`,
      `${WAY}?dialog=split&leg=3&at=52.5,13.4`,
      false,
    ],
    ['way: out of the split dialog', WAY_DIALOGS, `${WAY}?dialog=split&leg=3`, WAY, false],
    ['way: out of a split offered again', WAY_DIALOGS, `${WAY}?dialog=again&do=split&leg=3`, WAY, false],
    ['way: out of a copy offered again', WAY_DIALOGS, `${WAY}?dialog=again&do=copy-trip`, WAY, true],
    ["layouts: any page's dialog", ANY_PAGE_DIALOGS, LIST, `${LIST}?dialog=noTrips&day=2026-11-20`, true],
    ['layouts: another path', ANY_PAGE_DIALOGS, LIST, WAY, false],
  ])('%s', (_name, dialogs, from, to, expected) => {
    expect(onlyDialogChanged(u(from), u(to), dialogs)).toBe(expected)
  })
})

describe('opensDialog', () => {
  test.each<[string, DialogParams, string, string, boolean]>([
    ['list: the mode picker from the page', LIST_DIALOGS, LIST, `${LIST}?dialog=mode&leg=3#mode`, true],
    [
      'list: a day inside a run',
      LIST_DIALOGS,
      LIST,
      `${LIST}?expand=2026-11-18..2026-11-20&dialog=noTrips&day=2026-11-19`,
      true,
    ],
    [
      'way: the purpose, the selected leg kept',
      WAY_DIALOGS,
      `${WAY}?leg=4`,
      `${WAY}?leg=4&dialog=purpose#purpose`,
      true,
    ],
    ['way: from one dialog to the next', WAY_DIALOGS, `${WAY}?dialog=modes&leg=4`, `${WAY}?dialog=report&trip=7`, true],
    [
      'way: the same dialog, the next leg',
      WAY_DIALOGS,
      `${WAY}?dialog=modes&leg=4`,
      `${WAY}?dialog=modes&leg=5`,
      false,
    ],
    [
      'way: the same dialog, several values',
      WAY_DIALOGS,
      `${WAY}?dialog=purpose&leg=4`,
      `${WAY}?dialog=purpose&leg=4&several=1`,
      false,
    ],
    ['way: closing', WAY_DIALOGS, `${WAY}?dialog=modes&leg=4`, WAY, false],
    ['way: a leg shown on the map (no dialog)', WAY_DIALOGS, WAY, `${WAY}?leg=4#trip-map`, false],
    ['way: another page parameter too', WAY_DIALOGS, WAY, `${WAY}?view=questionnaire&dialog=purpose`, false],
    ['way: a dialog the server computes', WAY_DIALOGS, WAY, `${WAY}?dialog=split&leg=4`, false],
    ['another path', WAY_DIALOGS, WAY, '/ways/tripDetails/8?dialog=purpose', false],
  ])('%s', (_name, dialogs, from, to, expected) => {
    expect(opensDialog(u(from), u(to), dialogs)).toBe(expected)
  })
})
