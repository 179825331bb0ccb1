import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import t from 'tap'

/** The front door and the architecture walk name every feature folder, so a new one is never found by accident. */
const root = (path: string) => fileURLToPath(new URL(`../../../${path}`, import.meta.url))
const features = readdirSync(root('web/src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

t.test('README.md and docs/architecture.md name every folder of web/src/features', async (t) => {
  t.ok(features.length > 10, `found the feature folders (${features.length})`)
  // The README's map lists them in one parenthesis: "features/ (one folder per feature: abilities, account, ...)".
  const listed = /features\/ \(one folder per feature: ([^)]*)\)/.exec(readFileSync(root('README.md'), 'utf8'))
  const readme = new Set(listed?.[1]?.split(/,\s*/).map((name) => name.trim()))
  const architecture = readFileSync(root('docs/architecture.md'), 'utf8')
  for (const feature of features) {
    t.ok(readme.has(feature), `README.md lists ${feature}`)
    t.ok(architecture.includes(`\`${feature}/\``), `docs/architecture.md names \`${feature}/\``)
  }
})
