import type { StoreApi } from 'zustand'
import type { AppState } from '#shared/store/store.ts'
import type { ConversationMessage } from './api.ts'
import { addToCachedConversations, keepOnlyCachedConversations } from './conversations-cache.ts'

/**
 * Keeps the device's copies of the open conversations current (conversations-cache.ts): what arrives live is added
 * to a kept copy, and a conversation whose request is completed, deleted, or no longer the user's to help with is
 * forgotten. The copy itself is made when a conversation is loaded (useConversation); the session slice deletes
 * them all whenever a session ends, with the request list.
 */
export function keepConversationsOnDevice(store: StoreApi<AppState>): void {
  /** The open requests' ids last pruned to, so a list change that changes none of them costs nothing. */
  let lastOpen = ''
  store.subscribe((state, previous) => {
    const { status, user } = state
    if (status !== 'loggedIn' || !user) return
    if (state.arrivals !== previous.arrivals) {
      const arrived: ConversationMessage[] = []
      for (const [id, messages] of Object.entries(state.arrivals)) {
        const before = previous.arrivals[Number(id)]
        if (messages !== before) arrived.push(...messages.filter((m) => !before?.includes(m)))
      }
      if (arrived.length > 0) addToCachedConversations(user.user_id, arrived, Date.now())
    }
    // Only a list fetched (or kept) whole tells which requests are gone: not one put there by a detail alone.
    if (state.requests !== previous.requests && state.requestsLoadedAt !== null) {
      const open = new Set(
        state.requests
          .filter((r) => r.status !== 'completed' && (r.isOwnRequest || r.responder_id === user.user_id))
          .map((r) => r.request_id),
      )
      const key = [...open].sort((a, b) => a - b).join(',')
      if (key === lastOpen) return
      lastOpen = key
      keepOnlyCachedConversations(user.user_id, open)
    }
  })
}
