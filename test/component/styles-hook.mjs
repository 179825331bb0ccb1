// A Node module hook for the component tests run from source: the app's components import their stylesheets, which
// Vite bundles and Node cannot load. A DOM emulation lays nothing out, so a stylesheet loads as an empty module
// (the bundled tests do the same with esbuild's `empty` loader, scripts/build-tests.ts).
export async function load(url, context, nextLoad) {
  if (url.endsWith('.css')) return { format: 'module', source: '', shortCircuit: true }
  return nextLoad(url, context)
}
