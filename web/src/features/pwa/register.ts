import { watchForUpdates } from './update.ts'

/** The worker's address; the server serves it with Cache-Control: no-cache so updates are seen at once. */
export const SERVICE_WORKER_URL = '/service-worker.js'

/**
 * Registers the worker (offline app, updates, web push) after the page has loaded, so it never competes with the
 * app's own first load. Only production builds have a worker (vite-plugin-pwa builds it); a failure is logged and
 * the app works on without it.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return
  const register = async () => {
    try {
      watchForUpdates(await navigator.serviceWorker.register(SERVICE_WORKER_URL))
    } catch (error) {
      console.error('Service worker registration failed', error)
    }
  }
  if (document.readyState === 'complete') void register()
  else window.addEventListener('load', () => void register(), { once: true })
}
