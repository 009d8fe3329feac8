// Hydration, once the page's catalogue is here: its URL names its content (app/infra/i18n.server.ts), so after the
// first page it comes from the browser's cache. The translator starts with exactly the language the server rendered, so
// the first render matches the HTML (the browser translates without i18next: app/infra/i18n.browser.ts, ADR 302). Should the catalogue fail to load, the page stays as the server rendered it, which
// works without JavaScript.
import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { HydratedRouter } from 'react-router/dom'
import { catalogueFile, type Catalogue } from '~/infra/i18n'
import { createTranslator, I18nextProvider } from '~/infra/i18n.browser'

async function loadI18n() {
  const url = document.querySelector<HTMLMetaElement>('meta[name="i18n-catalogue"]')?.content
  const file = url ? catalogueFile(url) : null
  // No catalogue named (a page rendered without the root's data): it stays as the server rendered it.
  if (!url || !file) return null
  const res = await fetch(url, { credentials: 'same-origin' })
  if (!res.ok) return null
  // The English file is already completed with German texts: no second language to fall back to.
  return createTranslator(file.lang, (await res.json()) as Catalogue)
}

void loadI18n()
  .catch(() => null)
  .then((i18n) => {
    if (!i18n) return
    startTransition(() => {
      hydrateRoot(
        document,
        <I18nextProvider i18n={i18n}>
          <StrictMode>
            <HydratedRouter />
          </StrictMode>
        </I18nextProvider>,
      )
    })
  })
