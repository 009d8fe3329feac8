// The way's route drawn on the server: each leg in its mode's colour, start and end marked and named, a scale bar,
// an accessible name and description.
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import { modeColor } from '~/components/icons/modes'
import { RouteSvg } from './RouteSvg'

const legs = [
  {
    id: 1,
    mode: 'WALK',
    points: [
      { lat: 52.5, lon: 13.3 },
      { lat: 52.5, lon: 13.31 },
    ],
  },
  {
    id: 2,
    mode: 'PUBLIC_TRANSPORT_TRAIN',
    points: [
      { lat: 52.5, lon: 13.31 },
      { lat: 52.52, lon: 13.4 },
    ],
  },
  { id: 3, mode: 'NOT_A_MODE', points: [{ lat: 52.52, lon: 13.4 }] },
]
const render = (props: Partial<Parameters<typeof RouteSvg>[0]> = {}) =>
  renderToStaticMarkup(
    <RouteSvg
      legs={legs}
      title="Route of the way"
      description="Route of 3 legs from 08:10 to 08:42"
      emptyText="No route"
      {...props}
    />,
  )

describe('RouteSvg', () => {
  test('an image with a title and a description that name it', () => {
    const html = render()
    expect(html).toMatch(/^<svg[^>]*role="img"/)
    const labelledby = /aria-labelledby="([^"]+)"/.exec(html)![1].split(' ')
    expect(html).toContain(`<title id="${labelledby[0]}">Route of the way</title>`)
    expect(html).toContain(`<desc id="${labelledby[1]}">Route of 3 legs from 08:10 to 08:42</desc>`)
    expect(html).toContain('viewBox="0 0 600 400"')
  })

  test('each leg a line in its mode colour (unknown modes grey), start and end marked', () => {
    const html = render()
    expect(html.match(/class="route-svg__line"/g)).toHaveLength(3)
    expect(html).toContain(`stroke="${modeColor('WALK')}"`)
    expect(html).toContain(`stroke="${modeColor('PUBLIC_TRANSPORT_TRAIN')}"`)
    expect(html).toContain(`stroke="${modeColor('UNKNOWN')}"`)
    expect(html.match(/class="route-svg__start"/g)).toHaveLength(1)
    expect(html.match(/class="route-svg__end"/g)).toHaveLength(1)
    // All points inside the viewBox.
    for (const [, pts] of html.matchAll(/points="([^"]+)"/g)) {
      for (const xy of pts.split(' ')) {
        const [x, y] = xy.split(',').map(Number)
        expect(x).toBeGreaterThanOrEqual(0)
        expect(x).toBeLessThanOrEqual(600)
        expect(y).toBeGreaterThanOrEqual(0)
        expect(y).toBeLessThanOrEqual(400)
      }
    }
  })

  test('the selected leg is drawn last and wider, the others dimmed', () => {
    const html = render({ selectedLegId: 1 })
    const groups = [...html.matchAll(/<g data-leg="(\d+)"[^>]*>/g)]
    expect(groups.map((g) => g[1])).toEqual(['2', '3', '1'])
    expect(groups[0][0]).toContain('opacity="0.45"')
    expect(groups[2][0]).not.toContain('opacity')
    expect(html).toMatch(/<g data-leg="1"[^>]*>.*?class="route-svg__line"[^>]*stroke-width="8"/)
  })

  test('without geometry: the text says so, no lines or markers', () => {
    const html = render({ legs: [{ id: 1, mode: 'CAR', points: [] }] })
    expect(html).toContain('>No route</text>')
    expect(html).not.toContain('polyline')
    expect(html).not.toContain('circle')
  })

  test('start and end carry their names; a scale bar tells the distance', () => {
    const html = render({ startName: 'Zuhause', endName: 'Torstraße <Mitte>' })
    expect(html).toMatch(/<text class="route-svg__label route-svg__label--start"[^>]*>Zuhause<\/text>/)
    expect(html).toMatch(/<text class="route-svg__label route-svg__label--end"[^>]*>Torstraße &lt;Mitte&gt;<\/text>/)
    // The way spans about 7 km east-west in 544 units: a 140-unit bar holds at most ~1.8 km, so 1 km.
    const scale =
      /<g class="route-svg__scale" data-metres="(\d+)"><path d="M16 378 v8 h([\d.]+) v-8"><\/path><text[^>]*>([^<]+)<\/text>/.exec(
        html,
      )!
    expect(scale[1]).toBe('1000')
    expect(scale[3]).toBe('1 km')
    expect(Number(scale[2])).toBeGreaterThan(60)
    expect(Number(scale[2])).toBeLessThanOrEqual(140)
  })

  test('long names are shortened; labels stay inside the picture', () => {
    const html = render({ startName: 'A'.repeat(60), endName: 'B' })
    expect(html).toContain(`>${'A'.repeat(29)}…</text>`)
    const anchors = [...html.matchAll(/route-svg__label[^"]*" x="([\d.]+)" y="([\d.]+)" text-anchor="(\w+)"/g)]
    expect(anchors.map((a) => a[3])).toEqual(['start', 'end']) // west end anchored left, east end anchored right
    for (const [, , y] of anchors) expect(Number(y)).toBeGreaterThan(0)
  })

  test('a single point or no route: no scale bar (there is no distance to tell), no labels without a point', () => {
    expect(render({ legs: [{ id: 1, mode: 'CAR', points: [{ lat: 52.5, lon: 13.4 }] }] })).not.toContain(
      'route-svg__scale',
    )
    const empty = render({ legs: [{ id: 1, mode: 'CAR', points: [] }], startName: 'Zuhause' })
    expect(empty).not.toContain('route-svg__scale')
    expect(empty).not.toContain('Zuhause')
  })
})
