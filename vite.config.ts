import { reactRouter } from '@react-router/dev/vite'
import { defineConfig } from 'vite'
import path from 'node:path'

export default defineConfig({
  plugins: [reactRouter()],
  resolve: { alias: { '~': path.resolve(import.meta.dirname, 'app') } },
  build: {
    target: 'es2020',
    // Leaflet's stylesheet names marker and layer-control images we never show (our markers are SVG): keep them as
    // files instead of base64 inside the CSS, where they would double the size of the map's stylesheet.
    assetsInlineLimit: (file) => (file.includes('/leaflet/') ? false : undefined),
  },
})
