// Service "trip": one service, composed of its parts so each stays readable:
// list/read/report/no-trip days (trip/list), detail editing (trip/edit), the way's steps (trip/confirm), copies
// (trip/copy), manual ways (trip/manual), splitting and merging ways (trip/segmentation).
import type { Service } from './core.server'
import { tripListMethods } from './trip/list.server'
import { tripEditMethods } from './trip/edit.server'
import { tripConfirmMethods } from './trip/confirm.server'
import { tripCopyMethods } from './trip/copy.server'
import { tripManualMethods } from './trip/manual.server'
import { tripSegmentationMethods } from './trip/segmentation.server'

export const tripService = {
  ...tripListMethods,
  ...tripEditMethods,
  ...tripConfirmMethods,
  ...tripCopyMethods,
  ...tripManualMethods,
  ...tripSegmentationMethods,
} satisfies Service
