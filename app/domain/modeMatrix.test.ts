// mode_matrix.csv: the detected-versus-confirmed mode matrix (counts of legs and kilometres per pair).
import { expect, test } from 'vitest'
import { ModeMatrix, modeKey } from './modeMatrix'

test.each([
  [[], 'UNKNOWN'],
  [['WALK'], 'WALK'],
  [['WALK', 'BICYCLE'], 'BICYCLE|WALK'],
  [['WALK', 'WALK', ''], 'WALK'],
])('modeKey(%j) = %s', (modes, key) => expect(modeKey(modes)).toBe(key))

test('counts legs and kilometres per pair, validated ones separately', () => {
  const m = new ModeMatrix()
  m.add({ detectedModes: ['WALK'], confirmedModes: ['WALK'], len: 500, validated: true })
  m.add({ detectedModes: ['WALK'], confirmedModes: ['BICYCLE'], len: 2400.4, validated: true })
  m.add({ detectedModes: ['WALK'], confirmedModes: ['BICYCLE'], len: 1000, validated: false })
  m.add({ detectedModes: [], confirmedModes: ['CAR_DRIVER'], len: null, validated: false })
  expect(m.rows()).toEqual([
    {
      detected_modes: 'UNKNOWN',
      confirmed_modes: 'CAR_DRIVER',
      agrees: false,
      validated_legs: 0,
      validated_km: 0,
      all_legs: 1,
      all_km: 0,
    },
    {
      detected_modes: 'WALK',
      confirmed_modes: 'BICYCLE',
      agrees: false,
      validated_legs: 1,
      validated_km: 2.4,
      all_legs: 2,
      all_km: 3.4,
    },
    {
      detected_modes: 'WALK',
      confirmed_modes: 'WALK',
      agrees: true,
      validated_legs: 1,
      validated_km: 0.5,
      all_legs: 1,
      all_km: 0.5,
    },
  ])
})
