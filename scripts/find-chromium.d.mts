export interface FoundChromium {
  executablePath: string
  source: 'CHROMIUM_PATH' | 'system' | '@sparticuz/chromium'
  /** Variables the browser process needs besides the caller's own (give it `{ ...process.env, ...env }`). */
  env?: Record<string, string>
}
export function findChromium(): Promise<FoundChromium | null>
