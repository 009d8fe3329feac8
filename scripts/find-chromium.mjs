// Finds a Chromium for the browser tests and the bench, in this order: CHROMIUM_PATH, Debian's headless shell
// (package chromium-headless-shell: the browser without its window, about a fifth quicker through the e2e suite than
// the full browser in headless mode), Debian's /usr/bin/chromium, then the one npm installs (@sparticuz/chromium: a headless Chromium with its own NSS libraries and a font,
// unpacked on first use into node_modules/.cache), so `npm ci && npm test` needs nothing from apt.
// FIND_CHROMIUM_SKIP_SYSTEM=1 skips the system one (to check the npm one on a machine that has both).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const SYSTEM = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium', '/usr/bin/chromium-browser']

/**
 * @typedef {{ executablePath: string, source: 'CHROMIUM_PATH' | 'system' | '@sparticuz/chromium', env?: Record<string, string> }} FoundChromium
 * `env`: variables the browser process needs besides the caller's own (give it as `{ ...process.env, ...env }`).
 */

/** @returns {Promise<FoundChromium | null>} */
export async function findChromium() {
  if (process.env.CHROMIUM_PATH && fs.existsSync(process.env.CHROMIUM_PATH)) {
    return { executablePath: process.env.CHROMIUM_PATH, source: 'CHROMIUM_PATH' }
  }
  if (process.env.FIND_CHROMIUM_SKIP_SYSTEM !== '1') {
    for (const p of SYSTEM) if (fs.existsSync(p)) return { executablePath: p, source: 'system' }
  }
  try {
    return await sparticuzChromium()
  } catch (e) {
    console.error(`@sparticuz/chromium could not be unpacked: ${e instanceof Error ? e.message : e}`)
    return null
  }
}

/**
 * @sparticuz/chromium unpacks into os.tmpdir(); it is pointed at a fresh directory of its own and the finished one
 * renamed into place, so parallel runs (Playwright's workers, several worktrees) never start a half-written binary.
 */
async function sparticuzChromium() {
  const { default: chromium, inflate } = await import('@sparticuz/chromium')
  const { version } = JSON.parse(
    fs.readFileSync(path.join(root, 'node_modules/@sparticuz/chromium/package.json'), 'utf8'),
  )
  const cache = path.join(root, 'node_modules/.cache/sparticuz-chromium')
  const dir = path.join(cache, version)
  if (!fs.existsSync(path.join(dir, 'chromium'))) {
    fs.mkdirSync(cache, { recursive: true })
    const partial = fs.mkdtempSync(path.join(cache, 'partial-'))
    const tmpdir = process.env.TMPDIR
    process.env.TMPDIR = partial
    try {
      const bin = path.join(root, 'node_modules/@sparticuz/chromium/bin')
      // The browser, its font and SwiftShader; the NSS libraries Debian's chromium package would bring, too.
      await chromium.executablePath(bin)
      await inflate(path.join(bin, 'al2023.tar.br'))
    } finally {
      if (tmpdir === undefined) delete process.env.TMPDIR
      else process.env.TMPDIR = tmpdir
    }
    fs.writeFileSync(path.join(partial, 'fonts.conf'), fontsConf(path.join(dir, 'fonts')))
    try {
      fs.renameSync(partial, dir)
    } catch {
      fs.rmSync(partial, { recursive: true, force: true }) // another process was first
    }
  }
  /** @type {Record<string, string>} */
  const env = { LD_LIBRARY_PATH: [path.join(dir, 'al2023/lib'), process.env.LD_LIBRARY_PATH].filter(Boolean).join(':') }
  // Without a system font configuration the text would not render: the bundled font (Open Sans) then.
  if (!fs.existsSync('/etc/fonts/fonts.conf')) env.FONTCONFIG_FILE = path.join(dir, 'fonts.conf')
  return { executablePath: path.join(dir, 'chromium'), source: '@sparticuz/chromium', env }
}

/** A fontconfig file with the system's font directories and the bundled one. */
function fontsConf(bundled) {
  const dirs = ['/usr/share/fonts', '/usr/local/share/fonts', path.join(os.homedir(), '.fonts'), bundled]
  return `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n${dirs.map((d) => `  <dir>${d}</dir>`).join('\n')}\n  <cachedir>${path.join(bundled, '..', 'fonts-cache')}</cachedir>\n</fontconfig>\n`
}
