// README.txt, the export's codebook: conventions, and every file with its columns. The columns' descriptions come
// from the column lists beside each file's records, so the text cannot drift from what the files hold.
import type { campaigns } from '~/db/schema'
import { MATRIX_COLUMNS } from './mode-matrix.server'
import type { Column } from './rows.server'

/** The export's README.txt for its facts (campaign, counts, identity or not, time zone) and its column lists. */
export function readme(
  f: {
    campaign: typeof campaigns.$inferSelect
    participants: number
    counts: Record<string, number>
    withIdentity: boolean
    tz: string
    at: string
  },
  c: {
    tripColumns: Column[]
    legColumns: Column[]
    dayColumns: Column[]
    answerColumns: Column[]
    editColumns: Column[]
  },
): string {
  const cols = (list: Column[]) => list.map((col) => `  ${col.name.padEnd(26)} ${col.desc}`).join('\n')
  const lines = [
    `Research export of campaign ${f.campaign.id} "${f.campaign.name}"`,
    `Exported ${f.at}: ${f.participants} participants, ${f.counts.ways} ways, ${f.counts.legs} legs, ${f.counts.zeroTripDays} no-trip days, ${f.counts.answers} answers.`,
    '',
    'Conventions',
    '  - Participants are the users currently assigned to the campaign. They appear by their pseudonymous',
    '    participant_id only; e-mail addresses and names are included only when the export was run with',
    `    --with-identity (this one: ${f.withIdentity ? 'WITH identity - handle as personal data' : 'without identity'}).`,
    `  - Times are ISO 8601 with the offset of the study time zone (${f.tz}), e.g. 2026-11-02T08:10:00+01:00.`,
    '  - Traffic modes are constants (WALK, BICYCLE, PUBLIC_TRANSPORT_BUS, ...); purposes and report reasons are given by',
    '    id and by German name; catalogues.json names every id in German and English.',
    "  - A cell with several values (modes, purposes, reasons) separates them with '|'.",
    '  - Ways, legs, answers: ordered by id. Each file is read in batches while the study may go on; a way added during',
    '    the export may be missing, none is repeated.',
    '',
    'CSV files: RFC 4180, UTF-8 without BOM, comma separated, CRLF line ends, one header row; a field holding a comma,',
    'a double quote or a line break is enclosed in double quotes (quotes doubled). Empty field: no value.',
    "Spreadsheet safety: a text cell that begins with = + - @ (or a tab or carriage return) gets a leading apostrophe (')",
    'so that spreadsheets do not run it as a formula; plain numbers such as -5 are left as they are. Strip a leading',
    "apostrophe from such cells when the data is read by a program (pandas: df[col].str.replace(r\"^'(?=[=+\\-@\\t\\r])\", '', regex=True)).",
    '',
    'trips.geojson',
    '  RFC 7946 FeatureCollection (WGS 84, positions [longitude, latitude]); opens in QGIS and geopandas as is.',
    '  One Feature per leg (Feature id = leg id), geometry a LineString of the recorded track. A leg with fewer than',
    '  two recorded points (e.g. of a way added by hand) has geometry null. Properties: the columns of legs.csv',
    "  (lists as '|'-joined text, booleans as JSON booleans, empty values as null).",
    '',
    'legs.csv - one row per leg, the same columns as the GeoJSON properties:',
    cols(c.legColumns),
    '',
    'trips.csv - one row per way:',
    cols(c.tripColumns),
    '',
    'zero_trip_days.csv - one row per day a participant confirmed as a day without ways, on their study days only',
    "  (from the later of the campaign's first day and the day their account was created, up to the day before the",
    '  export; the same days as their list and `status` count):',
    cols(c.dayColumns),
    '',
    'answers.csv - one row per stored answer (one per chosen answer option) to a questionnaire of this campaign:',
    cols(c.answerColumns),
    '',
    'questionnaires.json',
    "  The campaign's questionnaires as imported: [{ id, type, mandatory, availFrom, availUntil, tfcModes, definition }],",
    '  definition.section.questions[] with id, type, texts (de_DE/en_US), subQuestions[].answOpts[] (ids used by',
    '  answers.csv) and filter sections. Resolve answer_option_id -> question -> text there.',
    '',
    'catalogues.json',
    '  tripPurposes and feedbackReasons ({ id, name: { de_DE, en_US } }) and trafficModes ({ constant, name }).',
    '',
    'edits.csv - one row per correction of the segmentation by a participant (split, merge, undo):',
    cols(c.editColumns),
    "  With trips.csv's origin and origin_ids this measures the detector's segmentation errors: a split way was run",
    '  together by the app (a stop it missed), a merged way was broken in two (a wait it took for an end). A way',
    '  that was split or merged keeps the ids of the recorded ways it came from in origin_ids.',
    '',
    'mode_matrix.csv - detected versus confirmed traffic modes, one row per pair (all legs of the campaign):',
    cols(MATRIX_COLUMNS),
    "  Read validated_* for what participants confirmed: a leg keeps the app's modes until its participant looks at",
    '  it, so unvalidated legs mostly agree and say little about detection; all_* counts every leg.',
    '',
  ]
  return lines.join('\n')
}
