import type { PendingQuery, Row } from 'postgres'
import type { Queryable } from '../db/queryable.ts'
import { enqueueInStatement } from './jobs.ts'
import { messagePushPayload } from './texts.ts'

/**
 * Seconds a message's push waits before it may be sent. A recipient whose app, in view, shows the message
 * confirms it over the event stream, and one who opens the conversation meanwhile reads it: either drops the push,
 * so a phone only buzzes for a message that was not seen (docs/adr/0015-message-push-dropped-by-receipt.md).
 */
export const MESSAGE_PUSH_DELAY_SECONDS = 20
/** A message about a meeting that is an hour old helps nobody. */
const MESSAGE_TTL = 60 * 60

/**
 * The push of a message to every device of its recipient, due after the delay, as a CTE of the statement that
 * stores the message (after its `inserted`): it exists exactly when the message does, and goes with it.
 */
export function messagePushInStatement(
  sql: Queryable,
  message: { message_id: string; request_id: number; author_name: string; text: string },
  recipientId: number,
): PendingQuery<Row[]> {
  return enqueueInStatement(
    sql,
    'message_push',
    recipientId,
    (language) => messagePushPayload(language, message),
    { urgency: 'high', ttl: MESSAGE_TTL, delay: MESSAGE_PUSH_DELAY_SECONDS, messageId: message.message_id },
    sql`exists (select 1 from inserted)`,
  )
}

/** The recipient's app confirmed it showed the message (server/routes/events.ts): its push is not needed. */
export async function dropMessagePush(sql: Queryable, messageId: string): Promise<void> {
  await sql`delete from push_jobs where message_id = ${messageId}`
}
