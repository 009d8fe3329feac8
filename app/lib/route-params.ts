// Ids in route parameters: a row id in a URL segment is decimal digits in the int4 range; anything else names no
// row and is answered like an unknown one.
import { data } from 'react-router'
import { parseIdText } from '~/domain/ids'

/** The id of a URL segment; a malformed one is a 404. */
export function idParam(raw: string | null | undefined): number {
  const id = parseIdText(raw)
  if (id == null) throw data('Not found', { status: 404 })
  return id
}
