// The React Router CLI's script, as its package names it (the file has moved between majors), so `npm start` and the
// bench can build with the Node that runs them.
import fs from 'node:fs'
import path from 'node:path'

/** Absolute path of the `react-router` command's script in `root`'s node_modules. */
export function reactRouterCli(root) {
  const dir = path.join(root, 'node_modules/@react-router/dev')
  const { bin } = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'))
  return path.join(dir, typeof bin === 'string' ? bin : bin['react-router'])
}
