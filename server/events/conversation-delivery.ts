import type { Queryable } from '../db/queryable.ts'
import {
  conversationMessageFor,
  messageForEvent,
  type ConversationEventRow,
} from '../domain/conversation/conversation.ts'
import { dropMessagePush } from '../push/message-push.ts'
import type { ServerEvent } from '../schemas/events.ts'
import type { ConversationNews } from './bus.ts'

/** What of the hub delivering a conversation message needs. */
export interface ConversationSockets {
  sendToUsers(userIds: readonly number[], event: ServerEvent): Set<number>
}

/**
 * Tells a new message to the sockets of its two participants on this instance, and nobody else (admins read a
 * conversation when they open it, they are not sent every one). When the recipient got it live, its pending push
 * is dropped: they have the app open and have seen it arrive.
 */
export async function deliverConversation(
  sockets: ConversationSockets,
  sql: Queryable,
  news: ConversationNews,
  row?: ConversationEventRow,
): Promise<void> {
  // Read once per instance (by its primary key), unless the posting instance hands the row over. Gone: the
  // request was deleted meanwhile, and so was the message.
  row ??= await messageForEvent(sql, news.messageId)
  if (!row) return
  const { message, ownerId } = row
  const recipientId = message.author_id === ownerId ? message.helper_id : ownerId
  const reached = sockets.sendToUsers([ownerId, message.helper_id], {
    type: 'message.created',
    message: conversationMessageFor(message),
  })
  if (reached.has(recipientId)) await dropMessagePush(sql, message.message_id)
}
