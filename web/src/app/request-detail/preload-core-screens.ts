import { preloadNewRequestDialog } from '../../features/requests/components/LazyNewRequestDialog.tsx'
import { preloadRequestDetailDialog } from './LazyRequestDetailDialog.tsx'

function preload(): void {
  preloadNewRequestDialog()
  // The conversation is part of the detail's chunk.
  preloadRequestDetailDialog()
}

/**
 * What the core actions need (the new-request dialog, the request detail and its conversation) is fetched as soon
 * as the signed-in main screen is idle, and again when the network comes back if that failed: once the first screen
 * has loaded, losing the signal leaves them working even before the service worker has stored the app (docs/pwa.md,
 * "Never a blank page"). A visitor's first screen does not wait for them (bench/chunks.ts). Returns the cleanup.
 */
export function preloadCoreScreens(): () => void {
  // Safari has no requestIdleCallback: there a short timeout after the first render.
  const idle = typeof requestIdleCallback === 'function'
  const id = idle ? requestIdleCallback(preload, { timeout: 2000 }) : window.setTimeout(preload, 500)
  window.addEventListener('online', preload)
  return () => {
    if (idle) cancelIdleCallback(id)
    else window.clearTimeout(id)
    window.removeEventListener('online', preload)
  }
}
