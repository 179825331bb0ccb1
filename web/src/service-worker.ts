/**
 * The service worker, served at /service-worker.js. It keeps the built app (every screen, the map code, icons
 * and manifests) in a precache so the app opens offline, answers every page address with the app shell, keeps
 * the last answer of the two public API calls the offline app can use, keeps the map tiles it fetched, serves the
 * kept map of the user's area (features/kept-map) before anything else, shows web push
 * notifications, and sends the outbox on Background Sync's `sync` event (docs/outbox.md).
 *
 * Updates: a new version installs beside the running one and waits. The app sees it waiting and offers a reload
 * (features/pwa/update.ts); only then does it take over, so a page never runs old code against new files.
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { ExpirationPlugin } from 'workbox-expiration'
import { CacheFirst, NetworkFirst } from 'workbox-strategies'
import {
  chooseWindow,
  notificationFromPayload,
  parsePayload,
  receiptPath,
  stampPractice,
} from './features/pwa/push/notification.ts'
import { isSkipWaitingMessage } from './features/pwa/worker-protocol.ts'
import { OUTBOX_SYNC_TAG } from './features/outbox/background-sync.ts'
import { sendOutboxFromWorker } from './features/outbox/worker-sender.ts'
import { isKeepingFetch, KEPT_MAP_CACHE } from './features/kept-map/kept-cache.ts'

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> }

/** Shown only for a message that carries no title; the real ones come in the recipient's language. */
const APP_NAME = 'Pyöräapu'

precacheAndRoute(self.__WB_MANIFEST)
cleanupOutdatedCaches()

// Every in-app address (/, /login, /info, ...) is the same single-page app. The server's own paths are not.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//, /^\/healthz$/, /^\/readyz$/] }),
)

// The configuration (tile source, support address), the service list and the public figures are public and the same
// for everyone: the last good answer lets the map, the info page and /stats work offline. Fresh answers always win
// when online; a slow network falls back to the copy after 4 s. Nothing personal is ever cached here.
const PUBLIC_API = new Set(['/api/config', '/api/services'])
/** Kept once seen, never fetched ahead: most visitors never open /stats. */
const PUBLIC_API_SEEN = new Set([...PUBLIC_API, '/api/stats'])
const PUBLIC_API_CACHE = 'public-api'
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' && url.origin === self.location.origin && PUBLIC_API_SEEN.has(url.pathname),
  new NetworkFirst({ cacheName: PUBLIC_API_CACHE, networkTimeoutSeconds: 4 }),
)

// The basemap's tiles (/tiles/{z}/{x}/{y}.mvt?v=<archive version>, docs/adr/0023-a-map-of-our-own.md): each tile
// fetched is kept, so a map seen once draws offline. A tile's URL names the archive, so a kept tile is never stale:
// cache first. 204 (open sea) is kept too, so that an empty tile is not an error offline. The oldest beyond 3000
// tiles go (about 10 MB of the embedded basemap; a Protomaps extract's tiles are larger).
// The kept map of the user's area (docs/pwa.md, "The kept map") comes first: its own cache, which no expiry touches,
// written by the page. The page's own fetches for it pass by this route (they would be kept twice).
const MAP_TILE_CACHE = 'map-tiles'
const TILE_PATH = /^\/tiles\/\d+\/\d+\/\d+\.mvt$/
const seenTiles = new CacheFirst({
  cacheName: MAP_TILE_CACHE,
  plugins: [
    {
      cacheWillUpdate: async ({ response }) => (response.status === 200 || response.status === 204 ? response : null),
    },
    new ExpirationPlugin({ maxEntries: 3000, purgeOnQuotaError: true }),
  ],
})
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' &&
    url.origin === self.location.origin &&
    TILE_PATH.test(url.pathname) &&
    !isKeepingFetch(url),
  async (options) => {
    const kept = await caches.match(options.request, { cacheName: KEPT_MAP_CACHE })
    return kept ?? seenTiles.handle(options)
  },
)

/** The first page load happens before this worker exists, so its answers were never seen: fetch them once. */
async function warmPublicApi(): Promise<void> {
  const cache = await caches.open(PUBLIC_API_CACHE)
  await Promise.all([...PUBLIC_API].map((path) => cache.add(path).catch(() => undefined)))
}

self.addEventListener('message', (event) => {
  if (isSkipWaitingMessage(event.data)) void self.skipWaiting()
})

// Windows opened before the first worker existed are taken over at once, so push works from the first visit.
self.addEventListener('activate', (event) => event.waitUntil(Promise.all([self.clients.claim(), warmPublicApi()])))

// Every push is a Declarative Web Push message (docs/live-and-push.md). Safari on iPhone and iPad (18.4+) shows it
// itself and opens its `navigate` on a tap, without this worker; browsers that do not read the format (Chromium's,
// iOS 16.4-18.3) bring it here, and iOS revokes a subscription whose push shows nothing: something is always shown.
// An alert asks for a receipt (docs/adr/0016-alert-receipts.md): it comes `mutable`, so Safari too runs this worker,
// which shows it and then confirms it with its token alone. A receipt that fails (no network at that moment) is
// not retried: the alert was shown, and the progress only counts a little low.
self.addEventListener('push', (event) => {
  const data = event.data
  const payload = parsePayload(data ? () => data.text() : undefined)
  const { title, options } = notificationFromPayload(payload, APP_NAME)
  const shown = { ...options, data: { url: stampPractice(options.data.url, 'reached', Date.now()) } }
  const receipt = receiptPath(payload)
  event.waitUntil(
    self.registration.showNotification(title, shown).then(async () => {
      if (!receipt) return
      try {
        await fetch(receipt, { method: 'POST', credentials: 'omit' })
      } catch (error) {
        console.warn('Confirming the alert failed', error)
      }
    }),
  )
})

self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const data: unknown = event.notification.data
  const path = typeof data === 'object' && data !== null && 'url' in data ? data.url : undefined
  const url = new URL(stampPractice(typeof path === 'string' ? path : '/', 'tapped', Date.now()), self.location.origin)
  event.waitUntil(openApp(url.href))
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

/** Background Sync's event (Chromium only; not in TypeScript's worker types). */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string
}

// The outbox (docs/outbox.md): the browser fires this once it has a network again, even with the app closed. A
// rejected promise makes it fire again later, with the browser's own backoff.
self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent
  if (sync.tag !== OUTBOX_SYNC_TAG) return
  sync.waitUntil(
    sendOutboxFromWorker({
      fetch: (input, init) => fetch(input, init),
      windows: () => self.clients.matchAll({ type: 'window', includeUncontrolled: true }),
    }),
  )
})
