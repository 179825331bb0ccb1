import { useSyncExternalStore } from 'react'

/**
 * The browser's install offer. Chromium fires `beforeinstallprompt` once, early and maybe before React has
 * rendered, so main.tsx imports this module first thing; the install page reads the state through
 * useInstallState().
 */

/** Chromium's event, which the DOM typings do not have. */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<unknown>
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>
}

/**
 * The install flow (docs/product.md#screens-and-routes): no offer (hint or iOS guide), prompt available, accepted,
 * installed.
 */
export type InstallState = 'unavailable' | 'available' | 'accepted' | 'installed'

let offer: BeforeInstallPromptEvent | null = null
let state: InstallState = 'unavailable'
const listeners = new Set<() => void>()

function setState(next: InstallState): void {
  state = next
  for (const listener of listeners) listener()
}

window.addEventListener('beforeinstallprompt', (event) => {
  // Keeps Chromium's own mini-infobar away: the install page offers the prompt with its button.
  event.preventDefault()
  offer = event as BeforeInstallPromptEvent
  if (state === 'unavailable') setState('available')
})

window.addEventListener('appinstalled', () => {
  offer = null
  setState('installed')
})

/** Shows the browser's install dialog. An offer can be used once; after a "no" the hint shows instead. */
export async function promptInstall(): Promise<void> {
  const current = offer
  if (!current) return
  offer = null
  try {
    await current.prompt()
    const { outcome } = await current.userChoice
    // appinstalled may have come first: do not step back from installed to accepted.
    if (state !== 'installed') setState(outcome === 'accepted' ? 'accepted' : 'unavailable')
  } catch (error) {
    console.error('The install prompt failed', error)
    setState('unavailable')
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function useInstallState(): InstallState {
  return useSyncExternalStore(subscribe, () => state)
}
