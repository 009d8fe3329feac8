// The way's page's `?dialog=again&do=<request>`: a one-tap request (copy a leg or the way, complete, undo, merge,
// split) refused because the way had changed meanwhile, offered again as it can be made now; nothing when the way
// no longer allows it (the page and the message say what is stored).
import type { TFunction } from 'i18next'
import type { SegmentationView } from '~/services/trip/segmentation-view.server'
import type { AgainOffer } from './TripDialogs'
import { timeOf, type DetailLeg, type DetailTrip } from './shared'

export function againOfferOf(
  t: TFunction,
  search: URLSearchParams,
  {
    trip,
    selectedLeg,
    legIndex,
    segmentation,
  }: { trip: DetailTrip; selectedLeg: DetailLeg | null; legIndex: number; segmentation: SegmentationView },
): AgainOffer | null {
  const allows = trip.way.allows
  const editLegs = allows.setPurposes
  const n = legIndex + 1
  switch (search.get('do')) {
    case 'copy-leg':
      return editLegs && selectedLeg
        ? {
            intent: 'copy-leg',
            fields: { legId: selectedLeg.id },
            label: t('dialogs.again.copyLeg', {
              n,
              start: timeOf(selectedLeg.startTime),
              end: timeOf(selectedLeg.endTime),
            }),
          }
        : null
    case 'copy-trip':
      return allows.copyWay ? { intent: 'copy-trip', fields: {}, label: t('way.copy') } : null
    case 'complete':
      return allows.complete ? { intent: 'complete', fields: {}, label: t('questionnaire.complete') } : null
    case 'undo-edit':
      return segmentation.undo
        ? {
            intent: 'undo-edit',
            fields: {},
            label: t(segmentation.undo === 'split' ? 'segmentation.undoSplit' : 'segmentation.undoMerge'),
          }
        : null
    case 'merge': {
      const withId = Number(search.get('with'))
      const key = (['mergePrevious', 'mergeNext'] as const).find((k) => segmentation[k]?.id === withId)
      return key
        ? {
            intent: 'merge',
            fields: { withId, withVersion: segmentation[key]!.version },
            label: t(`segmentation.${key}`),
          }
        : null
    }
    case 'split': {
      if (!allows.split || !selectedLeg) return null
      const point = search.get('point')
      if (point === null)
        return legIndex > 0
          ? {
              intent: 'split',
              fields: { legId: selectedLeg.id },
              label: t('segmentation.splitBefore', { time: timeOf(selectedLeg.startTime), n }),
            }
          : null
      const at = segmentation.cuts?.points.find((p) => String(p.idx) === point)
      return {
        intent: 'split',
        fields: { legId: selectedLeg.id, pointIdx: point },
        label: at
          ? at.name
            ? t('segmentation.splitAtNamed', { time: at.time, name: at.name })
            : t('segmentation.splitAt', { time: at.time })
          : t('dialogs.again.splitInLeg', { n }),
      }
    }
    default:
      return null
  }
}
