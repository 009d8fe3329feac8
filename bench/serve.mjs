// The production server as the bench runs it: server/server.mjs plus a local map tile (the bench never reaches the
// internet), so pages with a map load Leaflet and its tiles as they would in a study.
import { startServer } from '../server/server.mjs'

const tile = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAQAAAAEAAQMAAABmvDolAAAAA1BMVEXo7e6s6f4cAAAAH0lEQVR42u3BAQ0AAADCoPdPbQ43oAAAAAAAAAAAvg0hAAABYOSdlwAAAABJRU5ErkJggg==',
  'base64',
)
await startServer({
  quiet: true,
  extraRoutes: (app) =>
    app.get('/bench-tiles/*splat', (_req, res) =>
      res.type('image/png').set('Cache-Control', 'max-age=3600').send(tile),
    ),
})
