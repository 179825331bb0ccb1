import { apiFetch, apiPut } from '../../shared/api/client.ts'
import type { Conversation, ConversationMessage } from '../../../../server/schemas/conversation.ts'

/** The server's types of a request's conversation (docs/product.md#conversation). */
export type { Conversation, ConversationMessage }

/** Requests with unread messages for this user. */
export interface UnreadCount {
  request_id: number
  unread: number
}

const path = (id: number, rest = '') => `/api/requests/${id}/messages${rest}`

export const fetchConversation = (requestId: number) => apiFetch<Conversation>(path(requestId))
export const sendMessage = (requestId: number, text: string) =>
  apiFetch<ConversationMessage>(path(requestId), { method: 'POST', body: { text } })
export const markConversationRead = (requestId: number, lastReadId: string) =>
  apiPut<void>(path(requestId, '/read'), { lastReadId })
export const fetchUnreadCounts = () => apiFetch<UnreadCount[]>('/api/messages/unread')
