import type { StoreApi } from 'zustand'
import type { AppState } from '#shared/store/store.ts'
import { readCachedRequests, saveCachedRequests } from './requests-cache.ts'

/**
 * Puts the list kept on the device into the store at start (a stored session is still being checked then, and
 * the list shows at once), and keeps every later change of the list on the device while a user is logged in. The
 * session slice clears the copy whenever a session ends (endSession), so no other user ever sees it.
 */
/** How long a change waits for others to be saved with it. */
const SAVE_DELAY_MS = 1000

export function keepRequestsOnDevice(store: StoreApi<AppState>): void {
  const { status, user, restoreRequests } = store.getState()
  if (status !== 'loggedOut' && user) {
    const cached = readCachedRequests(user.user_id)
    if (cached) restoreRequests(cached.requests, cached.loadedAt)
  }

  // Live events change the list often, and each save serialises all of it on the main thread: a burst of changes
  // is saved once, a second after its first one, and whatever is pending when the page is hidden right away.
  let pending: ReturnType<typeof setTimeout> | null = null
  const save = () => {
    if (pending !== null) clearTimeout(pending)
    pending = null
    // Read at save time, not when the change came: a session that ended meanwhile has cleared the copy.
    const { status, user, requests, requestsLoadedAt } = store.getState()
    // A list never fetched holds only what a detail answer put there: not worth showing as "what was loaded".
    if (status !== 'loggedIn' || !user || requestsLoadedAt === null) return
    saveCachedRequests({ userId: user.user_id, loadedAt: requestsLoadedAt, requests })
  }
  store.subscribe((state, previous) => {
    if (state.requests === previous.requests && state.requestsLoadedAt === previous.requestsLoadedAt) return
    pending ??= setTimeout(save, SAVE_DELAY_MS)
  })
  const flush = () => {
    if (pending !== null) save()
  }
  addEventListener('pagehide', flush)
  addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush()
  })
}
