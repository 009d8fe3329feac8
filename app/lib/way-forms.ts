// The add/edit way form (field names: purposes, tfcModes, startDate, startHour, startMinute, endDate, endHour,
// endMinute) as one zod schema: the posted text becomes the form's values (hours and minutes clamped, falling back
// to what the form showed before), then the manual way's rules mark the fields they concern with their message, a
// catalogue key ('ways:addWay.fillAll', 'ways:addWay.endBeforeStart', 'ways:noFuture.message').
import { z } from 'zod'
import { wayFormValues, type WayFormValues } from '~/domain/manualWayForm'
import { zonedDateTimeToUtc } from '~/domain/time'
import { validateManualWay } from '~/domain/timeInput'

const text = z.string().max(100).optional()
const many = z.array(z.string().max(100).optional()).max(200).optional()

/** Which picker each field belongs to (a field error marks its picker). */
export const WAY_FORM_PICKERS = { purposes: 'purposes', tfcModes: 'modes', startDate: 'start', endDate: 'end' } as const

/**
 * The schema for one page load: `previous` is what the form showed (clamping falls back to it); with `rules` (the
 * study's time zone and now) the way must also be complete, in order and not in the future.
 */
export function wayFormSchema(previous: WayFormValues, rules?: { timeZone: string; now: Date }) {
  return z
    .object({
      id: text,
      version: text,
      purposes: many,
      tfcModes: many,
      startDate: text,
      startHour: text,
      startMinute: text,
      endDate: text,
      endHour: text,
      endMinute: text,
    })
    .transform(({ id, version, ...fields }) => ({ ...wayFormValues(fields, previous), id: id ?? '', version }))
    .superRefine((v, ctx) => {
      if (!rules) return
      const at = (date: string, hour: number, minute: number) =>
        date ? zonedDateTimeToUtc(date, hour, minute, rules.timeZone) : null
      const message = validateManualWay(
        {
          purposes: v.purposes,
          tfcModes: v.tfcModes,
          start: at(v.startDate, v.startHour, v.startMinute),
          end: at(v.endDate, v.endHour, v.endMinute),
        },
        rules.now,
      )
      if (!message) return
      const missing =
        message === 'ways:addWay.fillAll'
          ? [
              !v.purposes.length && 'purposes',
              !v.tfcModes.length && 'tfcModes',
              !v.startDate && 'startDate',
              !v.endDate && 'endDate',
            ].filter((f) => f !== false)
          : []
      for (const field of missing.length ? missing : ['startDate', 'endDate'])
        ctx.addIssue({ code: 'custom', path: [field], message })
    })
}
