import type { StoreApi } from 'zustand'
import type { AppState } from './index.ts'
import { readCachedRequests, saveCachedRequests } from './requests-cache.ts'

/**
 * Puts the list kept on the device into the store at start (a stored session is still being checked then, and
 * the list shows at once), and keeps every later change of the list on the device while a user is logged in. The
 * session slice clears the copy whenever a session ends (endSession), so no other user ever sees it.
 */
export function keepRequestsOnDevice(store: StoreApi<AppState>): void {
  const { status, user, restoreRequests } = store.getState()
  if (status !== 'loggedOut' && user) {
    const cached = readCachedRequests(user.user_id)
    if (cached) restoreRequests(cached.requests, cached.loadedAt)
  }

  store.subscribe((state, previous) => {
    if (state.requests === previous.requests && state.requestsLoadedAt === previous.requestsLoadedAt) return
    const { status, user, requests, requestsLoadedAt } = state
    // A list never fetched holds only what a detail answer put there: not worth showing as "what was loaded".
    if (status !== 'loggedIn' || !user || requestsLoadedAt === null) return
    saveCachedRequests({ userId: user.user_id, loadedAt: requestsLoadedAt, requests })
  })
}
