// The DOM emulation of the component tests (happy-dom), made global by test/load-typescript.mjs before anything of the
// app loads: the app's modules read `window`, `localStorage` and `navigator` when they are imported, and a bundled test's
// shared chunks run before its own code. docs/testing.md, "The kinds of tests", says what belongs in this tier.
import { GlobalRegistrator } from '@happy-dom/global-registrator'

GlobalRegistrator.register({ url: 'http://127.0.0.1/', width: 360, height: 740 })
