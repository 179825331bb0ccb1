/**
 * Background Sync (Chromium only; https://developer.mozilla.org/docs/Web/API/Background_Synchronization_API): the
 * browser wakes the service worker with a `sync` event once it has a network again, even after the app was closed.
 * Elsewhere (Safari, Firefox) the page sends when it is back online, opened or shown again (docs/outbox.md).
 */

/** The tag of the one registration: the worker sends the whole outbox on it. */
export const OUTBOX_SYNC_TAG = 'outbox'

interface SyncCapable {
  sync?: { register: (tag: string) => Promise<void> }
}

/** Asks for a `sync` event; a browser without Background Sync, or without a worker (development), says nothing. */
export function askForBackgroundSync(): void {
  const container = (globalThis as { navigator?: { serviceWorker?: ServiceWorkerContainer } }).navigator?.serviceWorker
  if (!container?.controller) return
  void container.ready
    .then((registration) => (registration as unknown as SyncCapable).sync?.register(OUTBOX_SYNC_TAG))
    .catch((error: unknown) => console.warn('Asking for a background sync failed', error))
}
