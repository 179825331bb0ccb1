// tap starts every test file with this (package.json, "tap"."node-arg"). A TypeScript file gets tsx; a bundled one
// (.cache/tests, see scripts/build-tests.ts) is plain JavaScript and starts without tsx's ~0.5 s of loader set-up.
import { register } from 'node:module'

const file = process.argv[1] ?? ''
const component = /\/(test|\.cache\/tests)\/component\//.test(file)
if (file.endsWith('.ts')) {
  const { register: registerTsx } = await import('tsx/esm/api')
  // A component test's JSX compiles as the app's does (web/tsconfig.app.json); its stylesheets load as empty modules
  // (test/component/styles-hook.mjs; the bundles do the same with esbuild's `empty` loader).
  registerTsx(component ? { tsconfig: new URL('../web/tsconfig.app.json', import.meta.url).pathname } : {})
  if (component) register('./component/styles-hook.mjs', import.meta.url)
}
// A component test's DOM emulation, global before any module of the app runs (test/component/dom.mjs).
if (component) await import('./component/dom.mjs')
