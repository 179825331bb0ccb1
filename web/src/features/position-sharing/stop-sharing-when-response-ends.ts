import type { StoreApi } from 'zustand'
import { type HelpRequest, isHelper } from '#features/requests'

/** What the guard reads of the store: the user, their list, and what they share. */
export interface SharingGuardState {
  user: { user_id: number } | null
  requests: readonly HelpRequest[]
  sharing: Readonly<Record<number, true>>
  stopSharing: (requestId: number, tellServer?: boolean) => void
}

/**
 * Sharing one's position lasts as long as the response: when a request one shares on is released, completed, the
 * helper removed, or it leaves the list (deleted), sharing stops by itself. The server has erased the position in
 * that same change already, so it is not told.
 */
export function stopSharingWhenResponseEnds<S extends SharingGuardState>(store: StoreApi<S>): void {
  store.subscribe((state, previous) => {
    if (state.requests === previous.requests) return
    const userId = state.user?.user_id
    for (const key of Object.keys(state.sharing)) {
      const requestId = Number(key)
      const request = state.requests.find((r) => r.request_id === requestId)
      const wasListed = previous.requests.some((r) => r.request_id === requestId)
      const lasts =
        request !== undefined && request.status === 'in progress' && userId !== undefined && isHelper(request, userId)
      if (request ? !lasts : wasListed) state.stopSharing(requestId, false)
    }
  })
}
