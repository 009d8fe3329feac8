// The text may be … a point or feature-collection geometry serialised as JSON.
// Without JS the locator offers a choice among the participant's saved places and an address or lat/lon input.
import { describe, expect, test } from 'vitest'
import { featureCollectionText, latLonInputText, parseLatLonInput, parseLocatorText, pointText } from './geoAnswer'

describe('GeoJSON answer texts', () => {
  test('pointText is [lon, lat]', () =>
    expect(pointText({ lat: 52.52001, lon: 13.40495 })).toBe('{"type":"Point","coordinates":[13.40495,52.52001]}'))
  test('featureCollectionText round trip', () => {
    const points = [
      { lat: 52.5, lon: 13.4 },
      { lat: 48.1, lon: 11.6 },
    ]
    expect(parseLocatorText(featureCollectionText(points))).toEqual(points)
  })
  test.each([
    ['{"type":"Point","coordinates":[13.4,52.5]}', [{ lat: 52.5, lon: 13.4 }]],
    ['{"type":"Point","coordinates":[13.4,95]}', null],
    ['{"type":"Point","coordinates":[200,50]}', null],
    ['{"type":"LineString","coordinates":[[13.4,52.5]]}', null],
    ['{"type":"FeatureCollection","features":[]}', null],
    ['not json', null],
    ['', null],
  ])('parseLocatorText(%s)', (text, expected) => expect(parseLocatorText(text)).toEqual(expected))
})

describe('typed coordinates', () => {
  test.each([
    ['52.52, 13.405', { lat: 52.52, lon: 13.405 }],
    ['52.52 13.405', { lat: 52.52, lon: 13.405 }],
    ['52,52; 13,405', { lat: 52.52, lon: 13.405 }],
    ['-33.9,18.4', { lat: -33.9, lon: 18.4 }],
    ['91, 13', null],
    ['52.5, 181', null],
    ['Kollwitzstraße 1', null],
    ['', null],
  ])('parseLatLonInput(%s)', (text, expected) => expect(parseLatLonInput(text)).toEqual(expected))
  test('latLonInputText reads back', () =>
    expect(parseLatLonInput(latLonInputText({ lat: 52.520011, lon: 13.404954 }))).toEqual({
      lat: 52.520011,
      lon: 13.404954,
    }))
})
