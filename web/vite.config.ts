import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { stripSourceTexts } from './strip-source-texts.ts'
import { MANIFEST_FILES, webManifest, type ManifestLanguage } from './src/features/pwa/manifest.ts'

/** The scripts run Vite from the repo root with --config web/vite.config.ts, so the paths are anchored here. */
const webRoot = fileURLToPath(new URL('.', import.meta.url))

/** Emits the three language manifests (vite-plugin-pwa writes only one). */
function webManifests(): Plugin {
  return {
    name: 'pyoraapu-web-manifests',
    generateBundle() {
      for (const [language, fileName] of Object.entries(MANIFEST_FILES)) {
        const manifest = webManifest(language as ManifestLanguage)
        this.emitFile({ type: 'asset', fileName, source: `${JSON.stringify(manifest, null, 2)}\n` })
      }
    },
  }
}

/**
 * A feature's index.ts only re-exports (docs/architecture.md, "The app's layers"): importing one name through it must
 * not load the rest of the feature, nor the styles of its components. Marked free of side effects, the bundler binds
 * each import to the module that defines it and leaves the others out.
 */
function featureIndexesArePure(): Plugin {
  return {
    name: 'pyoraapu-feature-indexes-are-pure',
    transform(code, id) {
      return /[\\/]web[\\/]src[\\/]features[\\/][^\\/]+[\\/]index\.ts$/.test(id)
        ? { code, moduleSideEffects: false }
        : null
    },
  }
}

/**
 * index.html's splash draws the app icon before any script runs (docs/performance.md, "Lighthouse"): the build puts
 * the SVG of src/app/app-icon.svg in its place, the same drawing the boot screen shows, written once.
 */
function appIconInSplash(): Plugin {
  const marker = /<!-- app-icon:[^>]*-->/
  return {
    name: 'pyoraapu-app-icon-in-splash',
    transformIndexHtml(html) {
      if (!marker.test(html)) throw new Error('index.html has no <!-- app-icon: ... --> marker for the splash')
      const svg = readFileSync(fileURLToPath(new URL('./src/app/app-icon.svg', import.meta.url)), 'utf8').trim()
      return html.replace(marker, svg.replace(' xmlns="http://www.w3.org/2000/svg"', ''))
    },
  }
}

export default defineConfig({
  root: webRoot,
  publicDir: 'public',
  plugins: [
    appIconInSplash(),
    featureIndexesArePure(),
    stripSourceTexts(),
    react(),
    webManifests(),
    // The worker (src/service-worker.ts), built as /service-worker.js: precache of the app shell, offline
    // navigation and web push. The app registers it itself (src/features/pwa/register.ts) to offer a reload on updates.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'service-worker.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        // Everything the built app is made of (the language manifests and icons included), so every screen and
        // the map code open offline.
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
      },
      devOptions: { enabled: false },
    }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Chromium, Safari and Firefox of recent years: keeps the output free of legacy transforms.
    target: 'es2022',
    // Browsers that lack <link rel="modulepreload"> still load every chunk through its imports, only later: the
    // polyfill is not worth its bytes on the first screen (bench/chunks.ts).
    modulePreload: { polyfill: false },
  },
  server: {
    // `npm run dev:web` next to `npm run dev:server` (port 3000): the API and health checks go to the server.
    // ws: the live event stream (GET /api/events) is a WebSocket.
    proxy: { '/api': { target: 'http://127.0.0.1:3000', ws: true } },
  },
})
