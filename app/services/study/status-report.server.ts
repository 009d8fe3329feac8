// The study's status for its researchers to read: a table for the terminal, the same as CSV, and one self-contained
// HTML page with a chart of ways recorded and confirmed per study day (`npm run admin -- status`).
import { csvRecord, isoInZone } from '~/domain/exportFormat'
import type { ParticipantStatus, StudyStatus } from '../study.server'

const COLUMNS = [
  'participant',
  'ways_recorded',
  'confirmed',
  'reported',
  'waiting',
  'open_questionnaires',
  'days_without_trips',
  'last_activity',
  'days_inactive',
  'splits',
  'merges',
  'days_open',
  'suggestion_accepted',
] as const

const percent = (share: number | null) => (share === null ? '–' : `${Math.round(share * 1000) / 10} %`)

function who(p: ParticipantStatus, withIdentity: boolean): string {
  if (!withIdentity) return p.pseudonym
  const name = [p.firstName, p.lastName].filter(Boolean).join(' ')
  return name ? `${p.email} (${name})` : p.email
}

function cells(p: ParticipantStatus, withIdentity: boolean, tz: string): (string | number)[] {
  return [
    who(p, withIdentity),
    p.recorded,
    p.confirmed,
    p.reported,
    p.waiting,
    p.openQuestionnaires,
    p.noTripDays,
    p.lastActivity ? isoInZone(p.lastActivity, tz) : '',
    p.daysInactive,
    p.splits,
    p.merges,
    p.openDays,
    percent(p.suggestionShare),
  ]
}

/** The study's line: participants, ways, share confirmed, participants inactive for the threshold. */
function studyLine(s: StudyStatus): string {
  const t = s.totals
  return (
    `study: ${t.participants} participants, ${t.recorded} ways recorded, ${t.confirmed} confirmed (${percent(t.shareConfirmed)}), ` +
    `${t.reported} reported, ${t.inactive} inactive for ${s.inactiveDays}+ days, ` +
    `suggestion accepted unchanged on ${percent(t.shareSuggested)} of confirmed ways`
  )
}

/** The table for a terminal: one line per participant, aligned, then the study's line. */
export function statusText(s: StudyStatus, o: { withIdentity: boolean; timeZone: string }): string[] {
  const rows = [COLUMNS.map(String), ...s.participants.map((p) => cells(p, o.withIdentity, o.timeZone).map(String))]
  const widths = COLUMNS.map((_, i) => Math.max(...rows.map((r) => r[i].length)))
  const lines = rows.map((r) =>
    r
      .map((c, i) => (i === 0 || i === 7 ? c.padEnd(widths[i]) : c.padStart(widths[i])))
      .join('  ')
      .trimEnd(),
  )
  return [`campaign ${s.campaign.id} "${s.campaign.name}" on ${isoInZone(s.now, o.timeZone)}`, ...lines, studyLine(s)]
}

/** CSV (RFC 4180) of the same table; the study's totals are a last row whose participant is "(study)". */
export function statusCsv(s: StudyStatus, o: { withIdentity: boolean; timeZone: string }): string {
  const t = s.totals
  return (
    csvRecord([...COLUMNS]) +
    s.participants.map((p) => csvRecord(cells(p, o.withIdentity, o.timeZone))).join('') +
    csvRecord([
      '(study)',
      t.recorded,
      t.confirmed,
      t.reported,
      s.participants.reduce((a, p) => a + p.waiting, 0),
      s.participants.reduce((a, p) => a + p.openQuestionnaires, 0),
      s.participants.reduce((a, p) => a + p.noTripDays, 0),
      '',
      '',
      s.participants.reduce((a, p) => a + p.splits, 0),
      s.participants.reduce((a, p) => a + p.merges, 0),
      s.participants.reduce((a, p) => a + p.openDays, 0),
      percent(t.shareSuggested),
    ])
  )
}

const esc = (v: unknown) =>
  String(v).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** Bars of ways recorded (light) and confirmed (dark) per study day, as inline SVG with a text alternative. */
function dayChartSvg(days: { day: string; recorded: number; confirmed: number }[]): string {
  const W = 720
  const H = 240
  const pad = { l: 40, r: 10, t: 10, b: 40 }
  const max = Math.max(1, ...days.map((d) => d.recorded))
  const bw = days.length ? (W - pad.l - pad.r) / days.length : 0
  const y = (n: number) => pad.t + (H - pad.t - pad.b) * (1 - n / max)
  const bars = days
    .map((d, i) => {
      const x = pad.l + i * bw
      const w = Math.max(1, bw * 0.8)
      const label =
        i % Math.ceil(days.length / 12 || 1) === 0
          ? `<text x="${(x + w / 2).toFixed(1)}" y="${H - pad.b + 14}" font-size="10" text-anchor="middle">${esc(d.day.slice(5))}</text>`
          : ''
      // A day without ways keeps its place on the axis, with a mark below it so the gap shows.
      if (d.recorded === 0)
        return (
          `<g><title>${esc(d.day)}: no ways</title>` +
          `<rect x="${x.toFixed(1)}" y="${H - pad.b + 2}" width="${w.toFixed(1)}" height="3" fill="#d92d20"/></g>${label}`
        )
      return (
        `<g><title>${esc(d.day)}: ${d.recorded} recorded, ${d.confirmed} confirmed</title>` +
        `<rect x="${x.toFixed(1)}" y="${y(d.recorded).toFixed(1)}" width="${w.toFixed(1)}" height="${(H - pad.b - y(d.recorded)).toFixed(1)}" fill="#9ec5d6"/>` +
        `<rect x="${x.toFixed(1)}" y="${y(d.confirmed).toFixed(1)}" width="${w.toFixed(1)}" height="${(H - pad.b - y(d.confirmed)).toFixed(1)}" fill="#0b5f75"/></g>${label}`
      )
    })
    .join('')
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="100%" role="img" aria-label="Ways recorded and confirmed per study day">` +
    `<line x1="${pad.l}" y1="${H - pad.b}" x2="${W - pad.r}" y2="${H - pad.b}" stroke="#667085"/>` +
    `<text x="${pad.l - 6}" y="${pad.t + 10}" font-size="10" text-anchor="end">${max}</text><text x="${pad.l - 6}" y="${H - pad.b}" font-size="10" text-anchor="end">0</text>` +
    bars +
    `<rect x="${pad.l}" y="${H - 16}" width="10" height="10" fill="#9ec5d6"/><text x="${pad.l + 14}" y="${H - 7}" font-size="11">recorded</text>` +
    `<rect x="${pad.l + 90}" y="${H - 16}" width="10" height="10" fill="#0b5f75"/><text x="${pad.l + 104}" y="${H - 7}" font-size="11">confirmed</text>` +
    `<rect x="${pad.l + 190}" y="${H - 13}" width="10" height="3" fill="#d92d20"/><text x="${pad.l + 204}" y="${H - 7}" font-size="11">no ways</text>` +
    `</svg>`
  )
}

/** One self-contained page (no scripts, no outside resources): the chart, the quiet participants, the table. */
export function statusHtml(
  s: StudyStatus,
  days: { day: string; recorded: number; confirmed: number }[],
  o: { withIdentity: boolean; timeZone: string },
): string {
  const quiet = s.participants.filter((p) => p.inactive).sort((a, b) => b.daysInactive - a.daysInactive)
  const row = (p: ParticipantStatus) =>
    `<tr>${cells(p, o.withIdentity, o.timeZone)
      .map((c, i) => (i === 0 || i === 7 ? `<td>${esc(c)}</td>` : `<td class="n">${esc(c)}</td>`))
      .join('')}</tr>`
  const table = (list: ParticipantStatus[]) =>
    `<table><thead><tr>${COLUMNS.map((c) => `<th scope="col">${esc(c.replace(/_/g, ' '))}</th>`).join('')}</tr></thead><tbody>${list.map(row).join('\n')}</tbody></table>`
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Study status – ${esc(s.campaign.name)}</title>
<style>body{font-family:system-ui,Arial,sans-serif;margin:24px;color:#1d2939;line-height:1.4}table{border-collapse:collapse;margin:8px 0 24px}th,td{border:1px solid #d0d5dd;padding:4px 8px;text-align:left}td.n{text-align:right;font-variant-numeric:tabular-nums}th{background:#f2f4f7}h1{font-size:1.4em}h2{font-size:1.15em;margin-top:28px}</style>
</head><body>
<h1>Study status: campaign ${s.campaign.id} “${esc(s.campaign.name)}”</h1>
<p>As of ${esc(isoInZone(s.now, o.timeZone))}. ${esc(studyLine(s))}.</p>
<h2>Ways recorded and confirmed per study day</h2>
${days.length ? dayChartSvg(days) : '<p>The study has not begun yet.</p>'}
<h2>Gone quiet (inactive for ${s.inactiveDays}+ days): ${quiet.length}</h2>
${quiet.length ? table(quiet) : '<p>Nobody.</p>'}
<h2>All participants: ${s.participants.length}</h2>
${table(s.participants)}
</body></html>
`
}
