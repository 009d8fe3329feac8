import { redirect } from 'react-router'
import { FIRST_LIST_PAGE } from '~/lib/ways-urls'

export function loader() {
  return redirect(FIRST_LIST_PAGE)
}
