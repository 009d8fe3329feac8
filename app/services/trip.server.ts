// Service "trip": one service, composed of its parts so each stays readable: list, read and delete (trip/list),
// reports (trip/report), no-trip days (trip/no-trip-days), detail editing (trip/edit), the way's steps
// (trip/confirm), copies (trip/copy), manual ways (trip/manual), splitting and merging ways (trip/segmentation).
// What every write checks first is trip/checks; moving between ways (list page, next way) is trip/navigation.
import type { Service } from './core.server'
import { tripDeleteMethods, tripListMethods } from './trip/list.server'
import { tripNoTripDayMethods } from './trip/no-trip-days.server'
import { tripReportMethods } from './trip/report.server'
import { tripEditMethods } from './trip/edit.server'
import { tripConfirmMethods } from './trip/confirm.server'
import { tripCopyMethods } from './trip/copy.server'
import { tripManualMethods } from './trip/manual.server'
import { tripSegmentationMethods } from './trip/segmentation.server'

export const tripService = {
  ...tripListMethods,
  ...tripReportMethods,
  ...tripNoTripDayMethods,
  ...tripDeleteMethods,
  ...tripEditMethods,
  ...tripConfirmMethods,
  ...tripCopyMethods,
  ...tripManualMethods,
  ...tripSegmentationMethods,
} satisfies Service
