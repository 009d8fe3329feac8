// A form's entries kept for later (a post that arrived with an expired session): stored URL-encoded, as the browser
// sent them, in their order and with repeated names; reading them back gives the same list.

export type FormEntries = [name: string, value: string][]

export function encodeFormEntries(entries: readonly (readonly [string, string])[]): string {
  return new URLSearchParams(entries.map(([name, value]) => [name, value])).toString()
}

export function decodeFormEntries(body: string): FormEntries {
  return [...new URLSearchParams(body)]
}
