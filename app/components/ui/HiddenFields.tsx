// A form's hidden fields, rendered again only when one of their values changes. React sets an <input>'s name and type
// anew each time it renders it, and the browser then restyles it: a form inside a component that renders on every
// change of the router's state (a fetcher's form, say) would do that for each of its fields on each change. A field
// without a value (null or undefined) is left out.
import { memo } from 'react'
import { sameProps } from '~/lib/same-props'

export const HiddenFields = memo(function HiddenFields({
  fields,
}: {
  fields: Record<string, string | number | null | undefined>
}) {
  return (
    <>
      {Object.entries(fields).map(([name, value]) =>
        value == null ? null : <input key={name} type="hidden" name={name} value={value} />,
      )}
    </>
  )
}, sameProps)
