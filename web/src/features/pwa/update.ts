import { useSyncExternalStore } from 'react'
import { SKIP_WAITING } from './worker-protocol.ts'

/** A long-open app (a phone left on the handlebar) still learns of a new version within this time. */
const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000

let waiting: ServiceWorker | null = null
const listeners = new Set<() => void>()

function offer(worker: ServiceWorker): void {
  waiting = worker
  for (const listener of listeners) listener()
}

/**
 * Watches for a new version of the app: a worker that finished installing while an older one controls this page
 * is the new version, waiting for the user's yes. Without a controller it is the first install, nothing to offer.
 */
export function watchForUpdates(registration: ServiceWorkerRegistration): void {
  if (registration.waiting && navigator.serviceWorker.controller) offer(registration.waiting)
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed' && navigator.serviceWorker.controller) offer(installing)
    })
  })
  const check = () => void registration.update().catch(() => {})
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check()
  })
  setInterval(check, UPDATE_CHECK_INTERVAL_MS)
}

/** The user said yes: the waiting worker takes over, and the page reloads onto the new version. */
export function applyUpdate(): void {
  if (!waiting) return
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true })
  waiting.postMessage(SKIP_WAITING)
}

/** Whether a new version is installed and waiting (outside React). */
export const updateWaiting = (): boolean => waiting !== null

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Whether a new version is installed and waiting for a reload. */
export function useUpdateAvailable(): boolean {
  return useSyncExternalStore(subscribe, updateWaiting)
}
