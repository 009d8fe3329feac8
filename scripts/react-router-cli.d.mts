export function reactRouterCli(root: string): string
