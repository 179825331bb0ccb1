import type { Queryable } from '../db/queryable.ts'
import type { Language } from '../domain/accounts/rules.ts'
import { messagePushPayload } from './texts.ts'

/**
 * Seconds a message's push waits before it may be sent. A recipient with the app open hears of the message over
 * the event stream, and one who opens the conversation meanwhile reads it: either drops the push, so a phone
 * only buzzes for a message that was not seen.
 */
export const MESSAGE_PUSH_DELAY_SECONDS = 20
/** A message about a meeting that is an hour old helps nobody. */
const MESSAGE_TTL = 60 * 60

/**
 * Queues the push of a message to every device of its recipient, due after the delay, in the message's own
 * transaction (it exists exactly when the message does, and goes with it).
 */
export async function queueMessagePush(
  sql: Queryable,
  message: { message_id: string; request_id: number; author_name: string; text: string },
  recipientId: number,
): Promise<number> {
  const [recipient] = await sql<{ language: Language }[]>`select language from users where user_id = ${recipientId}`
  if (!recipient) return 0
  const rows = await sql`
    insert into push_jobs (endpoint, payload, urgency, ttl, not_before, message_id)
    select endpoint, ${messagePushPayload(recipient.language, message)}, 'high', ${MESSAGE_TTL},
      now() + make_interval(secs => ${MESSAGE_PUSH_DELAY_SECONDS}), ${message.message_id}
    from push_subscriptions
    where user_id = ${recipientId}
    returning job_id
  `
  return rows.length
}

/** The recipient got the message over a live socket: its push is not needed. */
export async function dropMessagePush(sql: Queryable, messageId: string): Promise<void> {
  await sql`delete from push_jobs where message_id = ${messageId}`
}
