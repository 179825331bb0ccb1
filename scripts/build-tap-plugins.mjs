// Run by `npm install` (postinstall). An install leaves tap's Test class as tap ships it, with all its default
// plugins. tap rebuilds it for the plugins package.json names on its first run, but that run has already taken its
// test processes' loaders from the shipped class: every file of a fresh clone's first `npm test` would start with
// ts-node's and the mock plugin's loaders (docs/adr/0005-tests-run-as-bundles.md). So it is built here, once per
// install. A production install (`npm ci --omit=dev`) has no tap and skips this. Plain JavaScript: no tsx then.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const tap = 'node_modules/.bin/tap'
if (existsSync(tap)) {
  const build = spawnSync(tap, ['build'], { stdio: ['ignore', 'ignore', 'inherit'] })
  process.exit(build.status ?? 1)
}
