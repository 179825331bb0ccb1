import { apiFetch, apiPut, type CallOptions } from '#shared/api/client.ts'
import type { Conversation, ConversationMessage } from '#server/schemas/conversation.ts'

/** The server's types of a request's conversation (docs/product.md#conversation). */
export type { Conversation, ConversationMessage }

/** Requests with unread messages for this user. */
export interface UnreadCount {
  request_id: number
  unread: number
}

const path = (id: number, rest = '') => `/api/requests/${id}/messages${rest}`

export const fetchConversation = (requestId: number) => apiFetch<Conversation>(path(requestId))
/** `call`: the Idempotency-Key the outbox made when the user pressed Send, and its timeout (docs/outbox.md). */
export const sendMessage = (requestId: number, text: string, call: CallOptions = {}) =>
  apiFetch<ConversationMessage>(path(requestId), { method: 'POST', body: { text }, ...call })
export const markConversationRead = (requestId: number, lastReadId: string) =>
  apiPut<void>(path(requestId, '/read'), { lastReadId })
export const fetchUnreadCounts = () => apiFetch<UnreadCount[]>('/api/messages/unread')
