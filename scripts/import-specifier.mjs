// Where a project import leads, for what reads the import graph without a bundler (the catalog areas, the cycle
// check, the web layers' lint rule, the tests' loaders): a relative path, or a package.json `imports` alias
// (`#features/<name>` is that feature's index.ts, `#shared/...` a file under web/src/shared, `#server/...` one under
// server/). Anything else is a package: undefined.
import { readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'

export const PROJECT_ROOT = resolve(import.meta.dirname, '..')

const aliases = Object.entries(
  JSON.parse(readFileSync(resolve(PROJECT_ROOT, 'package.json'), 'utf8')).imports ?? {},
).map(([pattern, target]) => {
  const [prefix = '', suffix = ''] = pattern.split('*')
  return { prefix, suffix, target }
})

/** The absolute path `specifier` names when imported from `fromFile`, or undefined for a package. */
export function resolveSpecifier(fromFile, specifier) {
  if (specifier.startsWith('.')) return resolve(dirname(fromFile), specifier)
  for (const { prefix, suffix, target } of aliases) {
    if (!specifier.startsWith(prefix) || !specifier.endsWith(suffix)) continue
    const star = specifier.slice(prefix.length, specifier.length - suffix.length)
    return resolve(PROJECT_ROOT, target.replace('*', star))
  }
  return undefined
}

const FEATURE_INDEX = /[/\\]web[/\\]src[/\\]features[/\\][^/\\]+[/\\]index\.ts$/
const REEXPORTS = /export\s+(type\s+)?\{([^}]*)\}\s+from\s+'([^']+)'/g
/** @type {Map<string, Map<string, { file: string, typeOnly: boolean }>>} */
const indexes = new Map()

/** Whether `file` is a feature's index.ts, which only re-exports (docs/architecture.md, "The app's layers"). */
export const isFeatureIndex = (file) => FEATURE_INDEX.test(file)

/**
 * Each name a feature's index.ts re-exports, with the file that defines it: an import through the index loads only
 * those files, as the app's build does (web/vite.config.ts), so what reads the graph follows the names.
 */
export function namesOfIndex(index) {
  let names = indexes.get(index)
  if (!names) {
    names = new Map()
    for (const [, typeOnly, list, from] of readFileSync(index, 'utf8').matchAll(REEXPORTS)) {
      for (const entry of list.split(',').map((name) => name.trim())) {
        if (!entry) continue
        const name = entry.replace(/^type\s+/, '')
        const file = resolveSpecifier(index, from)
        // A name passed on from a package would reach nothing here: said at once, not left as an undefined import.
        if (!file) throw new Error(`${index} re-exports ${name} from the package ${from}: import it from there`)
        names.set(name, { file, typeOnly: Boolean(typeOnly) || entry !== name })
      }
    }
    indexes.set(index, names)
  }
  return names
}
