// Hydration, once the page's catalogue is here: its URL names its content (app/infra/i18n.server.ts), so after the
// first page it comes from the browser's cache. i18next starts with exactly the language the server rendered, so the
// first render matches the HTML. Should the catalogue fail to load, the page stays as the server rendered it, which
// works without JavaScript.
import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { HydratedRouter } from 'react-router/dom'
import { createInstance, type i18n, type Resource } from 'i18next'
import { I18nextProvider } from 'react-i18next'
import { catalogueFile, I18NEXT_OPTIONS, type Catalogue } from '~/infra/i18n'

async function loadI18n(): Promise<i18n | null> {
  const url = document.querySelector<HTMLMetaElement>('meta[name="i18n-catalogue"]')?.content
  const file = url ? catalogueFile(url) : null
  // No catalogue named (a page rendered without the root's data): it stays as the server rendered it.
  if (!url || !file) return null
  const res = await fetch(url, { credentials: 'same-origin' })
  if (!res.ok) return null
  const catalogue = (await res.json()) as Catalogue
  const instance = createInstance({
    ...I18NEXT_OPTIONS,
    lng: file.lang,
    // The English file is already completed with German texts: no second language to fall back to.
    fallbackLng: false,
    resources: { [file.lang]: catalogue } as Resource,
  })
  await instance.init()
  return instance
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
