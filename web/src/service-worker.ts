/**
 * The service worker, served at /service-worker.js: web push only. It shows the server's notification and
 * brings the app forward on a click. No caches and no fetch handler (so it adds nothing to page loads): the
 * offline shell comes with the installable-PWA work.
 */
import { chooseWindow, notificationFromPayload, parsePayload } from './push/notification.ts'

declare const self: ServiceWorkerGlobalScope

/** Shown only for a message that carries no title; the real ones come in the recipient's language. */
const APP_NAME = 'Pyöräapu'

// Nothing is cached, so a new version has nothing to keep consistent with the old one: take over at once, and take
// the open windows, so push works from the first visit.
self.addEventListener('install', () => void self.skipWaiting())
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()))

self.addEventListener('push', (event) => {
  const data = event.data
  const { title, options } = notificationFromPayload(parsePayload(data ? () => data.text() : undefined), APP_NAME)
  event.waitUntil(self.registration.showNotification(title, options))
})

self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const data: unknown = event.notification.data
  const path = typeof data === 'object' && data !== null && 'url' in data ? data.url : undefined
  const url = new URL(typeof path === 'string' ? path : '/', self.location.origin).href
  event.waitUntil(openApp(url))
})

async function openApp(url: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
  const target = chooseWindow(windows, self.location.origin)
  if (target) {
    try {
      const focused = await target.focus()
      await focused.navigate(url)
      return
    } catch (error) {
      // navigate() refuses a window this worker does not control (e.g. after a hard reload): open a new one.
      console.error('Focusing the app window failed', error)
    }
  }
  await self.clients.openWindow(url)
}
