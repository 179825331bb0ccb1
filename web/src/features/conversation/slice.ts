import type { StateCreator } from 'zustand'
import { fetchUnreadCounts, type ConversationMessage } from './api.ts'
import type { Thanks } from '#features/thanks'

/**
 * The conversations between owners and helpers (docs/product.md#conversation): unread counts and messages that arrived
 * live.
 */
export interface ConversationState {
  /** Unread messages per request id; a request with none has no entry. */
  unread: Readonly<Record<number, number>>
  /** Messages that arrived live, per request id: an open conversation shows them after what it fetched. */
  arrivals: Readonly<Record<number, readonly ConversationMessage[]>>
  /** The request whose conversation is on screen: what arrives there is read at once. */
  conversationOnScreen: number | null
  /**
   * Thank-yous that arrived live for this helper (docs/product.md#thanks-and-helped-counts), oldest first: notices
   * until dismissed.
   */
  thanksReceived: readonly Thanks[]
}

export interface ConversationActions {
  /** GET /api/messages/unread: at the stream's (re)connection, when events may have been missed. */
  loadUnread: () => Promise<void>
  /** A `message.created` event. */
  messageArrived: (message: ConversationMessage) => void
  /** A `thanks.received` event: one notice per request. */
  thanksArrived: (thanks: Thanks) => void
  dismissThanks: (requestId: number) => void
  /** The conversation of this request came on screen (null: it left): its unread count is cleared. */
  setConversationOnScreen: (requestId: number | null) => void
  messagesAfterLogout: () => void
}

export type ConversationSlice = ConversationState & ConversationActions

/** What this slice reads of the whole store besides itself: who the user is. */
export type ConversationStore = ConversationSlice & { user: { user_id: number } | null }

export const initialConversationState: ConversationState = {
  unread: {},
  arrivals: {},
  conversationOnScreen: null,
  thanksReceived: [],
}

/** A live message kept per request: more than a conversation's hourly limit from both sides. */
const KEPT_ARRIVALS = 100

const without = (counts: Readonly<Record<number, number>>, requestId: number) => {
  const { [requestId]: _cleared, ...rest } = counts
  return rest
}

/** The thank-you that arrived live for a request, if any. */
export const selectThanksArrived = (requestId: number) => (state: ConversationState) =>
  state.thanksReceived.find((thanks) => thanks.request_id === requestId)

/** The unread count of a request (0 for none). */
export const selectUnread = (requestId: number) => (state: ConversationState) => state.unread[requestId] ?? 0

export const createConversationSlice: StateCreator<ConversationStore, [], [], ConversationSlice> = (set, get) => ({
  ...initialConversationState,
  async loadUnread() {
    try {
      const counts = await fetchUnreadCounts()
      const onScreen = get().conversationOnScreen
      const unread: Record<number, number> = {}
      for (const { request_id, unread: count } of counts) if (request_id !== onScreen) unread[request_id] = count
      set({ unread })
    } catch (error) {
      // The counts stay as they were; the next reconnection fetches them again.
      console.error('Fetching the unread message counts failed', error)
    }
  },
  messageArrived(message) {
    const { arrivals, unread, conversationOnScreen, user } = get()
    const held = arrivals[message.request_id] ?? []
    if (held.some((m) => m.message_id === message.message_id)) return
    const mine = message.author_id === user?.user_id
    const read = mine || conversationOnScreen === message.request_id
    set({
      arrivals: { ...arrivals, [message.request_id]: [...held, message].slice(-KEPT_ARRIVALS) },
      ...(read ? {} : { unread: { ...unread, [message.request_id]: (unread[message.request_id] ?? 0) + 1 } }),
    })
  },
  setConversationOnScreen(requestId) {
    const { unread } = get()
    set({ conversationOnScreen: requestId, ...(requestId === null ? {} : { unread: without(unread, requestId) }) })
  },
  thanksArrived(thanks) {
    set(({ thanksReceived }) => ({
      thanksReceived: [...thanksReceived.filter((t) => t.request_id !== thanks.request_id), thanks],
    }))
  },
  dismissThanks(requestId) {
    set(({ thanksReceived }) => ({ thanksReceived: thanksReceived.filter((t) => t.request_id !== requestId) }))
  },
  messagesAfterLogout() {
    set(initialConversationState)
  },
})

declare module '#shared/store/app-state.ts' {
  interface AppState extends ConversationSlice {}
}
