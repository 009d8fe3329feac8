// Hydration, once the page's catalogue is here: its URL names its content (app/lib/i18n.server.ts), so after the
// first page it comes from the browser's cache. Should it fail to load, the page stays as the server rendered it,
// which works without JavaScript.
import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { HydratedRouter } from 'react-router/dom'
import { catalogueFile, registerCatalogue, type Catalogue } from '~/lib/i18n'

async function loadCatalogue(): Promise<boolean> {
  const url = document.querySelector<HTMLMetaElement>('meta[name="i18n-catalogue"]')?.content
  const file = url ? catalogueFile(url) : null
  // No catalogue named (a page rendered without the root's data): it stays as the server rendered it.
  if (!url || !file) return false
  const res = await fetch(url, { credentials: 'same-origin' })
  if (!res.ok) return false
  registerCatalogue(file.lang, (await res.json()) as Catalogue)
  return true
}

void loadCatalogue()
  .catch(() => false)
  .then((ok) => {
    if (!ok) return
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <HydratedRouter />
        </StrictMode>,
      )
    })
  })
