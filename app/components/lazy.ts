// A component whose code the browser loads only when a page renders it (its own chunk), server-rendered as any other:
// - on the server the module is loaded when the app starts, so the HTML always holds the component (JavaScript off
//   sees it complete; no Suspense boundary, so nothing streams in later);
// - in the browser the first render that needs it waits for its chunk (`use`): during hydration React keeps the
//   server's HTML until the chunk is there and then hydrates it as rendered; on a navigation the old page stays until
//   then. Once loaded, it renders at once.
// For a part only some visits of a page show (the way's questionnaire step): not for what every visit shows.
import { createElement, use, type ComponentType } from 'react'

export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loaded: ComponentType<P> | null = null
  let loading: Promise<ComponentType<P>> | null = null
  const start = () =>
    (loading ??= load().then(
      (component) => {
        loaded = component
        return component
      },
      (error: unknown) => {
        // A chunk that failed to arrive (a dropped connection) is asked for again by the next render that needs it.
        loading = null
        throw error
      },
    ))
  // The server loads it at once (a failure is retried by the first render that needs it).
  if (typeof document === 'undefined') start().catch(() => {})
  function Lazy(props: P) {
    const Component = loaded ?? use(start())
    return createElement(Component, props)
  }
  return Lazy
}
