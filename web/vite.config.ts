import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'

/** The scripts run Vite from the repo root with --config web/vite.config.ts, so the paths are anchored here. */
const webRoot = fileURLToPath(new URL('.', import.meta.url))

export default defineConfig({
  root: webRoot,
  publicDir: 'public',
  plugins: [
    react(),
    // The push worker (src/service-worker.ts), built as /service-worker.js. No precache list (injectionPoint
    // undefined), no web manifest and no generated registration: the app registers it itself (src/push/register.ts).
    // The installable PWA (manifest, offline shell, update prompt) is a later issue.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'service-worker.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: { injectionPoint: undefined },
      devOptions: { enabled: false },
    }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Chromium, Safari and Firefox of recent years: keeps the output free of legacy transforms.
    target: 'es2022',
  },
  server: {
    // `npm run dev:web` next to `npm run dev:server` (port 3000): the API and health checks go to the server.
    // ws: the live event stream (GET /api/events) is a WebSocket.
    proxy: { '/api': { target: 'http://127.0.0.1:3000', ws: true } },
  },
})
