import { redirect } from 'react-router'
import { FIRST_LIST_PAGE } from '~/domain/waysUrls'

export function loader() {
  return redirect(FIRST_LIST_PAGE)
}
