// Fields filled in before the page's JavaScript arrived (a slow phone): the server-rendered form already works then,
// but a field whose value React holds in state would be set back to that state at its next render, and what was
// typed or chosen would be lost without a word. A form with such fields takes over what the browser holds, once,
// right after the page comes to life.
import { useLayoutEffect, useRef } from 'react'

type FormField = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement

/** The form fields under `root` with this name, in page order. */
export function fieldsNamed(root: ParentNode, name: string): FormField[] {
  return [...root.querySelectorAll<FormField>('input, select, textarea')].filter((el) => el.name === name)
}

/**
 * A ref for the element around the fields; `read` runs once with it after the first render in the browser. A layout
 * effect: nothing renders the fields again before it has read them.
 */
export function useBrowserFields<T extends HTMLElement>(read: (root: T) => void) {
  const ref = useRef<T>(null)
  useLayoutEffect(() => {
    if (ref.current) read(ref.current)
    // Only the first render's fields can hold what the browser kept.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  return ref
}
