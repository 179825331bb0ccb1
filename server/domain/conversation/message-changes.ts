import type { PendingQuery, Row, Sql } from 'postgres'
import type { Queryable } from '../../db/queryable.ts'
import type { ConversationMessage } from '../../schemas/conversation.ts'
import type { Viewer } from '../requests/requests.ts'
import type { Transaction } from '../shared/unit-of-work.ts'
import { conversationMessageFor, markConversationRead, postMessage, type Posting } from './conversation.ts'

/**
 * What posting a message needs of the running server: the one transaction `app.answerOnce` hands over, the
 * message's push as a CTE (server/push/message-push.ts, lent: the domain never loads `push`), and the push worker's
 * wake-up.
 */
export interface PostContext {
  transaction: Transaction
  pushInStatement: (sql: Queryable, posting: Posting, recipientId: number) => PendingQuery<Row[]>
  /** Wakes the push worker without its waves: the push is due after its delay, so it sleeps until then. */
  wakeForDelayed: () => void
}

/**
 * The unit of work of a message: stored, with its push and its news in the statement that stores it
 * (docs/performance.md, "Round trips of a change"), announced to its two participants at the commit.
 */
export async function sendMessage(
  context: PostContext,
  viewer: Viewer,
  requestId: number,
  text: string,
): Promise<ConversationMessage> {
  const posted = await context.transaction(async (tx, announce) => {
    const stored = await postMessage(tx, viewer, requestId, text, (posting) => ({
      ctes: [context.pushInStatement(tx, posting, posting.recipientId)],
      notices: [
        announce.notice({ type: 'conversation', requestId: posting.request_id, messageId: posting.message_id }),
      ],
    }))
    await announce.message({ message: stored.message, ownerId: stored.ownerId }, true)
    return conversationMessageFor(stored.message)
  })
  context.wakeForDelayed()
  return posted
}

/** markConversationRead in its own transaction. */
export async function markRead(sql: Sql, viewer: Viewer, requestId: number, upTo: string): Promise<void> {
  await sql.begin((tx) => markConversationRead(tx, viewer, requestId, upTo))
}
