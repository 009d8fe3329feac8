// Where the server listens by default: the demo's published login stays on this machine unless HOST says otherwise.
// The study's time zone: STUDY_TIME_ZONE, else Europe/Berlin, the same alone as in the whole configuration.
// The reminders' interval: REMIND_INTERVAL_DAYS in whole days, else 7.
import { describe, expect, test } from 'vitest'
import { listenHost, loadEnv, remindIntervalDays, studyTimeZone } from './env.server'

describe('listenHost', () => {
  test.each([
    [undefined, '1', '127.0.0.1'],
    [undefined, '0', '0.0.0.0'],
    ['0.0.0.0', '1', '0.0.0.0'],
    ['::', '0', '::'],
    ['192.168.1.5', '1', '192.168.1.5'],
  ] as const)('HOST=%s DEMO=%s → %s', (host, demo, expected) => expect(listenHost(host, demo)).toBe(expected))

  test('loadEnv applies it (DEMO defaults to 1)', () => {
    const base = { DATA_DIR: '/tmp/env-test', SESSION_SECRET: 's' }
    expect(loadEnv(base).HOST).toBe('127.0.0.1')
    expect(loadEnv({ ...base, DEMO: '0' }).HOST).toBe('0.0.0.0')
    expect(loadEnv({ ...base, HOST: '' }).HOST).toBe('127.0.0.1')
    expect(loadEnv({ ...base, HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0')
  })
})

describe('studyTimeZone', () => {
  test.each([
    [undefined, 'Europe/Berlin'],
    ['', 'Europe/Berlin'],
    ['America/New_York', 'America/New_York'],
  ])('STUDY_TIME_ZONE=%s → %s', (zone, expected) => {
    expect(studyTimeZone({ STUDY_TIME_ZONE: zone })).toBe(expected)
    expect(
      loadEnv({ DATA_DIR: '/tmp/env-test', SESSION_SECRET: 's', STUDY_TIME_ZONE: zone || undefined }).STUDY_TIME_ZONE,
    ).toBe(expected)
  })
})

describe('remindIntervalDays', () => {
  test.each([
    [undefined, 7],
    ['', 7],
    ['0', 0],
    ['3', 3],
    ['-1', 7],
    ['2.5', 7],
    ['soon', 7],
  ])('REMIND_INTERVAL_DAYS=%s → %s', (value, expected) => {
    expect(remindIntervalDays({ REMIND_INTERVAL_DAYS: value })).toBe(expected)
  })
})
