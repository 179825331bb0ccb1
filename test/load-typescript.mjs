// tap starts every test file with this (package.json, "tap"."node-arg"). A TypeScript file gets tsx; a bundled one
// (.cache/tests, see scripts/build-tests.ts) is plain JavaScript and starts without tsx's ~0.5 s of loader set-up.
import { register } from 'node:module'

const file = process.argv[1] ?? ''
const component = /\/(test|\.cache\/tests)\/component\//.test(file)
const web = component || /\/test\/unit\/web\//.test(file)
if (file.endsWith('.ts')) {
  const { register: registerTsx } = await import('tsx/esm/api')
  // The app's JSX compiles as the app's build does (web/tsconfig.app.json); its stylesheets load as empty modules and
  // its features' indexes as the build reads them (test/web-hook.mjs; the bundles do the same).
  registerTsx(web ? { tsconfig: new URL('../web/tsconfig.app.json', import.meta.url).pathname } : {})
  if (web) register('./web-hook.mjs', import.meta.url)
}
// A component test's DOM emulation, global before any module of the app runs (test/component/dom.mjs).
if (component) await import('./component/dom.mjs')
