// The app's features are used by each other through their index.ts (docs/architecture.md, "The app's layers"), which
// only re-exports. Vite's build leaves out whatever an import does not name (web/vite.config.ts); Node, running the
// tests, would load every module an index names (a feature's map code among them, whose packages Node cannot load
// outside a bundler, and its stylesheets). So the tests' loaders (scripts/build-tests.ts, and test/web-hook.mjs for a
// file run from source) import each name from the module that defines it.
import { resolve } from 'node:path'
import { namesOfIndex, PROJECT_ROOT } from '../scripts/import-specifier.mjs'

const IMPORTS = /import\s*(type\s+)?\{([^}]*)\}\s*from\s*['"]#features\/([\w-]+)['"];?/g

/** `source` with each `import { ... } from '#features/<name>'` split into imports from the defining modules. */
export function importThroughDefiningModules(source) {
  return source.replace(IMPORTS, (whole, typeOnly, list, feature) => {
    if (typeOnly) return whole
    const names = namesOfIndex(resolve(PROJECT_ROOT, 'web/src/features', feature, 'index.ts'))
    const byFile = new Map()
    for (const entry of list.split(',').map((n) => n.trim())) {
      if (!entry || entry.startsWith('type ')) continue
      const file = names.get(entry.split(/\s+as\s+/)[0])?.file
      if (!file) return whole
      byFile.set(file, [...(byFile.get(file) ?? []), entry])
    }
    return [...byFile]
      .map(([file, entries]) => `import { ${entries.join(', ')} } from ${JSON.stringify(file)};`)
      .join(' ')
  })
}
