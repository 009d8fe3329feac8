// The add/edit way form (field names: purposes, tfcModes, startDate, startHour, startMinute, endDate, endHour,
// endMinute) as one zod schema: the posted text becomes the form's values (hours and minutes clamped, falling back
// to what the form showed before), then the manual way's rules mark the fields they concern with their message, a
// catalogue key ('ways:addWay.fillAll', 'ways:addWay.endBeforeStart', 'ways:noFuture.start' / '.end' on the field that
// lies in the future, 'ways:addWay.tooLong' until a way of more than a day is confirmed with `confirmLong=yes`).
import { z } from 'zod'
import { wayFormValues, type WayFormValues } from '~/domain/manualWayForm'
import { zonedDateTimeToUtc } from '~/domain/time'
import { validateManualWay } from '~/domain/timeInput'
import { wayNeedsDurationConfirmation } from '~/domain/limits'

const text = z.string().max(100).optional()
const many = z.array(z.string().max(100).optional()).max(200).optional()

/**
 * The schema for one page load: `previous` is what the form showed (clamping falls back to it); with `rules` (the
 * study's time zone and now) the way must also be complete, in order and not in the future.
 */
export function wayFormSchema(previous: WayFormValues, rules?: { timeZone: string; now: Date }) {
  return z
    .object({
      id: text,
      version: text,
      confirmLong: text,
      purposes: many,
      tfcModes: many,
      startDate: text,
      startHour: text,
      startMinute: text,
      endDate: text,
      endHour: text,
      endMinute: text,
    })
    .transform(({ id, version, confirmLong, ...fields }) => ({
      ...wayFormValues(fields, previous),
      id: id ?? '',
      version,
      confirmLong: confirmLong === 'yes',
    }))
    .superRefine((v, ctx) => {
      if (!rules) return
      const at = (date: string, hour: number, minute: number) =>
        date ? zonedDateTimeToUtc(date, hour, minute, rules.timeZone) : null
      const start = at(v.startDate, v.startHour, v.startMinute)
      const end = at(v.endDate, v.endHour, v.endMinute)
      const message = validateManualWay({ purposes: v.purposes, tfcModes: v.tfcModes, start, end }, rules.now)
      const mark = (field: string, text: string) => ctx.addIssue({ code: 'custom', path: [field], message: text })
      if (message === 'ways:noFuture.message') {
        // The field that lies in the future carries the message (the arrival, and the start too when it does).
        const future = (d: Date | null) => !!d && validateManualWay({ ...v, start: d, end: d }, rules.now) !== null
        if (future(start)) mark('startDate', 'ways:noFuture.start')
        mark('endDate', 'ways:noFuture.end')
        return
      }
      if (message) {
        const missing =
          message === 'ways:addWay.fillAll'
            ? [
                !v.purposes.length && 'purposes',
                !v.tfcModes.length && 'tfcModes',
                !v.startDate && 'startDate',
                !v.endDate && 'endDate',
              ].filter((f) => f !== false)
            : []
        for (const field of missing.length ? missing : ['startDate', 'endDate']) mark(field, message)
        return
      }
      // A way of more than a day is asked about: saved once the participant confirms it lasted that long.
      if (start && end && wayNeedsDurationConfirmation(start, end) && !v.confirmLong) {
        mark('startDate', 'ways:addWay.tooLong')
        mark('endDate', 'ways:addWay.tooLong')
      }
    })
}
