// The app's stylesheet: a <link>, or on a first visit the same CSS inline plus a prefetch of the file
// (app/lib/stylesheet.server.ts). The inline text comes from the server's context; in the browser it is read back
// from the page, so hydration sees the same element and never rewrites it.
import { createContext, useContext } from 'react'

export const InlineCssContext = createContext<string | null>(null)

export function Stylesheet({ href, inline }: { href: string; inline: boolean }) {
  const serverCss = useContext(InlineCssContext)
  if (!inline) return <link rel="stylesheet" href={href} />
  const css =
    serverCss ?? (typeof document === 'undefined' ? '' : (document.getElementById('app-css')?.textContent ?? ''))
  return (
    <>
      <style id="app-css" dangerouslySetInnerHTML={{ __html: css }} />
      <link rel="prefetch" href={href} as="style" />
    </>
  )
}
