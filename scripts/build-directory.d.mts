export function buildDirectory(given: string | undefined, root: string, fallback?: string): string
