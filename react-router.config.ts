import { fileURLToPath } from 'node:url'
import type { Config } from '@react-router/dev/config'
import { buildDirectory } from './scripts/build-directory.mjs'

export default {
  ssr: true,
  // BUILD_DIR lets several builds (e.g. parallel test runs) live side by side; the default is build/.
  buildDirectory: buildDirectory(process.env.BUILD_DIR, fileURLToPath(new URL('.', import.meta.url))),
} satisfies Config
