import { useRootData } from '~/root'

/** Every page title carries the project complement. React 19 hoists <title> into <head>. */
export function PageTitle({ children }: { children: string }) {
  const data = useRootData()
  return <title>{data?.projectTitle ? `${children} | ${data.projectTitle}` : children}</title>
}
