// A route's `shouldRevalidate` for pages whose dialogs are URL state (domain/dialogUrl.ts,
// docs/decisions/299-dialogs-open-without-revalidation.md): a GET navigation that changes only the dialog's own
// parameters keeps the loader's data (no request to the server); a form post, a reload and every other navigation
// revalidate as they would otherwise.
import type { ShouldRevalidateFunctionArgs } from 'react-router'
import { onlyDialogChanged, type DialogParams } from '~/domain/dialogUrl'

/** A GET navigation (no form post, no fetcher submission) that only opens, closes or changes a dialog. */
export function dialogOnlyNavigation(args: ShouldRevalidateFunctionArgs, dialogs: DialogParams): boolean {
  return !args.formMethod && onlyDialogChanged(args.currentUrl, args.nextUrl, dialogs)
}

/** React Router's own decision, except for a dialog-only navigation: no revalidation. */
export function revalidateUnlessDialogOnly(dialogs: DialogParams) {
  return (args: ShouldRevalidateFunctionArgs): boolean =>
    dialogOnlyNavigation(args, dialogs) ? false : args.defaultShouldRevalidate
}
