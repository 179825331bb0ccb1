// A Node module hook for the app's tests run from source (test/unit/web/, test/component/; the bundled tests get the
// same from scripts/build-tests.ts):
// - the app's components import their stylesheets, which Vite bundles and Node cannot load; a DOM emulation lays
//   nothing out, so a stylesheet loads as an empty module (the bundles use esbuild's `empty` loader);
// - a module of the app imports each name of a feature's index.ts from the module that defines it, as the app's build
//   does by leaving out what is not named (test/through-indexes.mjs).
import { importThroughDefiningModules } from './through-indexes.mjs'

const WEB_SOURCE = new URL('../web/src/', import.meta.url).href

export async function load(url, context, nextLoad) {
  if (url.endsWith('.css')) return { format: 'module', source: '', shortCircuit: true }
  const loaded = await nextLoad(url, context)
  if (!url.startsWith(WEB_SOURCE) || loaded.format !== 'module' || loaded.source == null) return loaded
  return { ...loaded, source: importThroughDefiningModules(String(loaded.source)) }
}
