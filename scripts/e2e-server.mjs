// The server for the browser tests: a fresh DATA_DIR with the demo study, plus a local tile stub
// (the map never reaches the internet in tests).
import './require-node.mjs'
import fs from 'node:fs'

const dataDir = process.env.DATA_DIR
if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
const { startServer } = await import('../server/server.mjs')
await startServer({
  quiet: true,
  extraRoutes: (app) => {
    // A 256×256 PNG tile for every request under /test-tiles.
    const tile = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAQAAAAEAAQMAAABmvDolAAAAA1BMVEXo7e6s6f4cAAAAH0lEQVR42u3BAQ0AAADCoPdPbQ43oAAAAAAAAAAAvg0hAAABYOSdlwAAAABJRU5ErkJggg==',
      'base64',
    )
    app.get('/test-tiles/*splat', (_req, res) => res.type('image/png').set('Cache-Control', 'max-age=3600').send(tile))
  },
})
