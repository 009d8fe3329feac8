export {
  Button,
  ButtonLink,
  buttonClass,
  type ButtonProps,
  type ButtonLinkProps,
  type ButtonVariant,
  type ButtonSize,
} from './Button'
export {
  Field,
  Fieldset,
  Choice,
  type FieldProps,
  type FieldControlProps,
  type FieldsetProps,
  type ChoiceProps,
} from './Field'
export { Card, LinkCard, type CardProps } from './Card'
export { Badge, type BadgeProps, type BadgeStatus } from './Badge'
export { Paginator, type PaginatorProps, type PaginatorLabels } from './Paginator'
export { Tabs, type TabsProps, type TabItem } from './Tabs'
export { Notice, type NoticeProps, type NoticeType } from './Notice'
export { EmptyState, type EmptyStateProps } from './EmptyState'
export { Toasts, type ToastsProps, type ToastMessage } from './Toasts'
export { Dialog, DialogCloseLink, type DialogProps, type DialogCloseLinkProps } from './Dialog'
export { cx } from './cx'
