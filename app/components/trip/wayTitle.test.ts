import { expect, test } from 'vitest'
import type { TFunction } from 'i18next'
import { wayTitle } from './wayTitle'

const t = ((key: string, o: Record<string, string>) =>
  ({ 'ways:title.fromTo': `${o.from} → ${o.to}`, 'ways:title.from': `Ab ${o.from}`, 'ways:title.to': `Nach ${o.to}` })[
    key
  ]) as unknown as TFunction
const base = { given: null, from: null, to: null, purposes: '', times: '08:10 – 08:42' }

test.each([
  [
    'a given name wins',
    { ...base, given: 'Heimweg', from: 'Arbeit', to: 'Zuhause', purposes: 'Zuhause' },
    'Heimweg',
    'given',
  ],
  ['both ends named', { ...base, from: 'Zuhause', to: 'Arbeit', purposes: 'Arbeit' }, 'Zuhause → Arbeit', 'places'],
  ['only the start named', { ...base, from: 'Zuhause' }, 'Ab Zuhause', 'places'],
  ['only the end named', { ...base, to: 'Torstraße' }, 'Nach Torstraße', 'places'],
  ['no place: the purposes', { ...base, purposes: 'Arbeit, Einkauf' }, 'Arbeit, Einkauf', 'purposes'],
  ['nothing known: the times', base, '08:10 – 08:42', 'times'],
])('%s', (_n, facts, text, kind) => expect(wayTitle(t, facts)).toEqual({ text, kind }))
