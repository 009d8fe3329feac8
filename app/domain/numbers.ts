import type { MetaDataRec } from './questionnaire'

export type { MetaDataRec }

/** Number input defaults: the value is clamped to min (default 0) and max (default 1000). */
export const NUMBER_MIN_DEFAULT = 0
export const NUMBER_MAX_DEFAULT = 1000
/** Slider: min default 0, max default 140 */
const SLIDER_MIN_DEFAULT = 0
const SLIDER_MAX_DEFAULT = 140
const SLIDER_STEP_DEFAULT = 1
/** Row text: max characters default 100. */
export const ROW_TEXT_MAX_DEFAULT = 100

const NUMBER_RE = /^[+-]?(\d+(\.\d*)?|\.\d+)$/

/** Rounds half away from zero to `decimals` places without binary-float artefacts (1.005 → 1.01). */
function roundTo(x: number, decimals: number): number {
  const sign = x < 0 ? -1 : 1
  return sign * Number(`${Math.round(Number(`${Math.abs(x)}e${decimals}`))}e-${decimals}`)
}

/**
 * Number input: int or float. The value is clamped to min (default 0) and max (default 1000).
 * Floats allow 2 decimals.
 * Accepts '.' or ',' as decimal separator; returns the canonical string ('.' separator) or null when
 * not numeric. Ints drop any fractional part (truncate); floats are rounded to 2 decimals.
 */
export function clampNumber(
  value: string,
  { min, max, float }: { min?: number | null; max?: number | null; float: boolean },
): string | null {
  const s = String(value ?? '')
    .trim()
    .replace(',', '.')
  if (!NUMBER_RE.test(s)) return null
  const lo = min ?? NUMBER_MIN_DEFAULT
  const hi = max ?? NUMBER_MAX_DEFAULT
  const n = float ? roundTo(Number(s), 2) : Math.trunc(Number(s))
  const clamped = Math.min(hi, Math.max(lo, n))
  return String(clamped === 0 ? 0 : clamped) // avoid '-0'
}

function metaValue(recs: MetaDataRec[] | null | undefined, key: string): string | undefined {
  return recs?.find((r) => r.key === key)?.val
}

export interface SliderConfig {
  min: number
  max: number
  step: number
  unit: string | null
}

/**
 * Slider: min default 0, max default 140 (unit % when 0 to 100). Interval from metadata, default 1.
 * Metadata keys: 'interval' (alias 'step') for the interval, 'unit' overrides the unit.
 */
export function sliderConfig({
  min,
  max,
  metaDataRecs,
}: {
  min?: number | null
  max?: number | null
  metaDataRecs?: MetaDataRec[] | null
}): SliderConfig {
  const lo = min ?? SLIDER_MIN_DEFAULT
  const hi = max ?? SLIDER_MAX_DEFAULT
  const rawStep = Number(
    (metaValue(metaDataRecs, 'interval') ?? metaValue(metaDataRecs, 'step') ?? '').replace(',', '.'),
  )
  const step = Number.isFinite(rawStep) && rawStep > 0 ? rawStep : SLIDER_STEP_DEFAULT
  const metaUnit = metaValue(metaDataRecs, 'unit')
  const unit = metaUnit !== undefined && metaUnit !== '' ? metaUnit : lo === 0 && hi === 100 ? '%' : null
  return { min: lo, max: hi, step, unit }
}

/** The total of all sliders may not exceed maximum_sum (default the max). (metadata key 'maximum_sum') */
export function maximumSum(metaDataRecs: MetaDataRec[] | null | undefined, max: number | null | undefined): number {
  const raw = Number(metaValue(metaDataRecs, 'maximum_sum'))
  return metaValue(metaDataRecs, 'maximum_sum') !== undefined && Number.isFinite(raw)
    ? raw
    : (max ?? SLIDER_MAX_DEFAULT)
}

/**
 * Constant-sum: the total of all sliders may not exceed maximum_sum (default the max).
 * The last moved slider is reduced by the excess.
 * The moved slider never goes below 0 (if the others alone exceed the sum, it becomes 0).
 */
export function applyConstantSum(
  values: number[],
  lastMoved: number,
  maxSum: number,
): { values: number[]; reduced: boolean } {
  const excess = values.reduce((a, b) => a + b, 0) - maxSum
  if (excess <= 0 || lastMoved < 0 || lastMoved >= values.length) return { values: [...values], reduced: false }
  const out = [...values]
  const next = Math.max(0, out[lastMoved] - excess)
  const reduced = next !== out[lastMoved]
  out[lastMoved] = next
  return { values: out, reduced }
}

/**
 * Row text: max characters default 100. The remaining count is shown, over-limit text is cut,
 * and the single-row type strips a line break.
 * Line breaks are removed (not replaced) for single-row text; length counts Unicode code points.
 */
export function normalizeRowText(
  text: string,
  { max, singleRow }: { max?: number | null; singleRow: boolean },
): { text: string; remaining: number } {
  const limit = max ?? ROW_TEXT_MAX_DEFAULT
  const stripped = singleRow ? text.replace(/\r\n|\r|\n/g, '') : text
  const chars = [...stripped].slice(0, Math.max(0, limit))
  return { text: chars.join(''), remaining: limit - chars.length }
}
