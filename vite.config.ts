import { reactRouter } from '@react-router/dev/vite'
import { defineConfig, type Plugin } from 'vite'
import path from 'node:path'
import { modeDrawingsPlugin } from './scripts/vite-mode-drawings.mjs'

/**
 * The browser translates without i18next (docs/decisions/302-no-i18next-in-the-browser.md): in the client build
 * `react-i18next` is app/infra/i18n.browser.ts (its useTranslation and I18nextProvider), and a client module that
 * imports i18next itself (more than its types) fails the build. The server build keeps both packages.
 */
function browserTranslator(): Plugin {
  const translator = path.resolve(import.meta.dirname, 'app/infra/i18n.browser.ts')
  return {
    name: 'browser-translator',
    enforce: 'pre',
    resolveId(id, importer) {
      if (this.environment.name !== 'client') return null
      if (id === 'react-i18next') return translator
      if (id === 'i18next' || id.startsWith('i18next/'))
        this.error(`${importer ?? 'a client module'} imports i18next: the browser translates with ${translator}`)
      return null
    },
  }
}

export default defineConfig({
  plugins: [browserTranslator(), modeDrawingsPlugin(), reactRouter()],
  resolve: { alias: { '~': path.resolve(import.meta.dirname, 'app') } },
  // The framework every page loads (React, React Router, the browser's translator) goes out as one chunk: left to the bundler it is
  // spread over several shared chunks that compress worse (ways list 145.2 → 141.0 KB gzip with React Router 8).
  // The app's own modules that every page with scripts loads (its chrome, page title, mode icons, dialog-address rule,
  // locale) and the hydration hook go with it: as chunks of their own each cost its imports and its compression's
  // start (every such page 0.9–1.2 KB gzip less). The ways' addresses (domain/waysUrls) too: the list and the way's
  // page load 0.12 KB less, the places and the campaign's questionnaire, which do not use them, 0.2 KB more. The page
  // title joined last: it and the root module's shared part were two chunks of their own (every page with scripts
  // 0.7 KB less, two requests fewer). Packages only some pages load (Leaflet, react-leaflet) and other modules only
  // some pages use must stay out of this list.
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                {
                  name: 'framework',
                  test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]|remix-utils[\\/]build[\\/]react[\\/]use-hydrated|app[\\/]infra[\\/]i18n\.browser|app[\\/]components[\\/]layout[\\/](Chrome|PageTitle)|app[\\/]components[\\/]icons[\\/]ModeSprite|app[\\/]lib[\\/]dialog-revalidation|app[\\/]domain[\\/](dialogUrl|locale|waysUrls)\./,
                },
              ],
            },
          },
        },
      },
    },
  },
  build: {
    target: 'es2020',
    // Leaflet's stylesheet names marker and layer-control images we never show (our markers are SVG): keep them as
    // files instead of base64 inside the CSS, where they would double the size of the map's stylesheet.
    assetsInlineLimit: (file) => (file.includes('/leaflet/') ? false : undefined),
  },
})
