import type { Queryable } from '../db/queryable.ts'
import { conversationMessageFor, messageForEvent } from '../domain/conversation/conversation.ts'
import type { ServerEvent } from '../schemas/events.ts'
import type { ConversationNews } from './bus.ts'
import type { AwaitedReceipts } from './message-receipts.ts'
import type { ConversationEventRow } from '../domain/conversation/rows.ts'

/** What of the hub delivering a conversation message needs. */
export interface ConversationSockets<Client extends object = object> {
  sendToUsers(userIds: readonly number[], event: ServerEvent, written?: (client: Client) => void): void
  /** Awaits the receipt of each of the recipient's sockets written to, which drops the push (server/routes/events.ts). */
  receipts: AwaitedReceipts<Client>
}

/**
 * Tells a new message to the sockets of its two participants on this instance, and nobody else (admins read a
 * conversation when they open it, they are not sent every one). Its push still waits: it is dropped when the
 * recipient's app, in view, confirms it received the message (or they read it), not because a socket that may
 * already be dead was written to (docs/requests.md, "Live and push").
 */
export async function deliverConversation<Client extends { user: { user_id: number } }>(
  sockets: ConversationSockets<Client>,
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
  sockets.sendToUsers(
    [ownerId, message.helper_id],
    { type: 'message.created', message: conversationMessageFor(message) },
    (client) => {
      if (client.user.user_id === recipientId) sockets.receipts.expect(client, message.message_id)
    },
  )
}
