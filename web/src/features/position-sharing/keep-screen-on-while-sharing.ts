import type { StoreApi } from 'zustand'
import { holdScreenWakeLock } from './screen-wake-lock.ts'

/** What the guard reads of the store: the requests this user shares their position on. */
export interface ScreenGuardState {
  sharing: Readonly<Record<number, true>>
}

/**
 * While this user shares their position on any request, the screen is kept on (screen-wake-lock.ts); the lock goes
 * when the last sharing stops (by the helper, by the end of the response, or at logout). It follows the store, not a
 * screen: sharing goes on with the detail closed, and so must the lock.
 */
export function keepScreenOnWhileSharing<S extends ScreenGuardState>(
  store: StoreApi<S>,
  hold: () => () => void = holdScreenWakeLock,
): void {
  let release: (() => void) | null = null
  store.subscribe((state) => {
    const sharing = Object.keys(state.sharing).length > 0
    if (sharing && !release) release = hold()
    else if (!sharing && release) {
      release()
      release = null
    }
  })
}
