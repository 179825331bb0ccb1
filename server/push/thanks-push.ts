import type { PendingQuery, Row } from 'postgres'
import type { Queryable } from '../db/queryable.ts'
import { enqueueInStatement } from './jobs.ts'
import { thanksPushPayload } from './texts.ts'

/** A thank-you keeps: a phone that is off today still shows it tomorrow. */
const THANKS_TTL = 24 * 60 * 60

/**
 * The thank-you's push to every device of the helper, in their language, as a CTE of the statement that stores it
 * (after its `inserted`).
 */
export function thanksPushInStatement(
  sql: Queryable,
  thanks: { request_id: number; owner_name: string; text: string },
  helperId: number,
): PendingQuery<Row[]> {
  return enqueueInStatement(
    sql,
    'thanks_push',
    helperId,
    (language) => thanksPushPayload(language, thanks),
    { urgency: 'normal', ttl: THANKS_TTL },
    sql`exists (select 1 from inserted)`,
  )
}
