// A page's dialogs are state of its URL: `?dialog=…` says which one is open, a few more parameters say what it shows
// (the leg, the day, the way, "several", what a refused post held). The page's loader gives everything its dialogs
// need whatever the URL says, and the page reads which dialog is open from the URL it shows. So a GET navigation that
// keeps the path and changes only those parameters needs nothing new from the server: the dialog opens (or closes)
// from what the page already has. Everything else loads as usual: another path, any other parameter changed, the
// same address again (a reload), and a dialog whose content the server computes from the URL itself (`fromServer`,
// e.g. where a track was tapped), on the way into it and on the way out.

/** What one page counts as its dialogs' own parameters. */
export interface DialogParams {
  /** The search parameters that only say which dialog is open and what it shows. */
  params: readonly string[]
  /** A URL whose dialog needs the server's data for that very URL: a change to or from it loads. */
  fromServer?: (search: URLSearchParams) => boolean
}

/**
 * True when going from `current` to `next` only opens, closes or changes a dialog of the same page: the path is the
 * same, at least one search parameter differs, and every one that differs is one of the dialog's own.
 */
export function onlyDialogChanged(current: URL, next: URL, dialogs: DialogParams): boolean {
  if (current.pathname !== next.pathname) return false
  const a = current.searchParams
  const b = next.searchParams
  if (dialogs.fromServer && (dialogs.fromServer(a) || dialogs.fromServer(b))) return false
  const keys = new Set([...a.keys(), ...b.keys()])
  let changed = false
  for (const key of keys) {
    if (a.getAll(key).join('\n') === b.getAll(key).join('\n')) continue
    if (!dialogs.params.includes(key)) return false
    changed = true
  }
  return changed
}

/**
 * True when going from `current` to `next` opens one of the page's dialogs: only dialog parameters change, and `next`
 * names a dialog other than the one `current` names, if any. Another leg or choice in the same dialog, and closing it,
 * are not an opening.
 */
export function opensDialog(current: URL, next: URL, dialogs: DialogParams): boolean {
  const opened = next.searchParams.get('dialog')
  return !!opened && opened !== current.searchParams.get('dialog') && onlyDialogChanged(current, next, dialogs)
}

/** The ways list's dialogs: the mode picker (leg, retry), the report (trip), a day or a run without ways (day, days),
 * and a run shown day by day (expand), which a single day's dialog inside it opens too. */
export const LIST_DIALOGS: DialogParams = {
  params: ['dialog', 'leg', 'retry', 'trip', 'day', 'days', 'expand'],
}

/** A way's page: purpose, modes, confirm, delete, report, a refused request offered again (do, with, point), the
 * selected leg. Splitting lists the points of the leg and where its track was tapped: the server computes those. */
export const WAY_DIALOGS: DialogParams = {
  params: ['dialog', 'leg', 'several', 'retry', 'trip', 'do', 'with', 'point', 'at'],
  fromServer: (search) =>
    search.get('dialog') === 'split' || (search.get('dialog') === 'again' && search.get('do') === 'split'),
}

/** The layouts around these pages: their data never depends on a page's search parameters, so a change that is a
 * dialog's on any of these pages loads nothing for them either. */
export const ANY_PAGE_DIALOGS: DialogParams = {
  params: [...new Set([...LIST_DIALOGS.params, ...WAY_DIALOGS.params])],
  fromServer: WAY_DIALOGS.fromServer,
}
