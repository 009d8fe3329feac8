// Where a build goes. The build empties its directory first, so BUILD_DIR must name a folder of its own: an empty
// BUILD_DIR counts as unset (the default), and one that is the project or a folder holding it is refused. An empty
// BUILD_DIR once resolved to the project itself, and a build deleted the whole checkout, its git history included.
import path from 'node:path'

/** The absolute build directory for `given` (BUILD_DIR) under `root`; throws when building there would empty `root`. */
export function buildDirectory(given, root, fallback = 'build') {
  const dir = path.resolve(root, given || fallback)
  const project = path.resolve(root)
  if (dir === project || project.startsWith(dir.endsWith(path.sep) ? dir : dir + path.sep)) {
    throw new Error(`BUILD_DIR=${given} would empty ${project}: name a folder of its own, e.g. build-other`)
  }
  return dir
}
