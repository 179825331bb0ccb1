import type { PendingQuery, Row } from 'postgres'
import { commaList } from '../db/one-statement.ts'
import type { Queryable } from '../db/queryable.ts'
import type { RequestCategory } from '../domain/shared/categories.ts'
import { LANGUAGES } from '../domain/accounts/rules.ts'
import { noBlockWith } from '../domain/blocks/blocked-either-way.ts'
import { standDownPayload, type StandDownReason } from './texts.ts'

/** As long as the alert itself (waves.ts): a stand-down older than that corrects nothing. */
const TTL_STAND_DOWN = 60 * 60

interface StoodDown {
  request_id: number
  owner_id: number
  category: RequestCategory
  description: string
}

/**
 * Tells everyone alerted of a request (every wave of it) that it no longer needs them, in the transaction of the
 * change that made it so, and forgets who they were: the alerts exist for this and for picking later waves, and
 * neither comes after a take-over, a completion or a deletion.
 *
 * The request's wave row is deleted first, in a statement of its own: that waits for a wave being sent right now
 * (it holds the row) and keeps any later one from starting, so nobody is alerted after their stand-down was
 * decided, and the next statement's snapshot sees every alert that wave recorded. `except` (the new responder)
 * knows already. Answers how many pushes were queued.
 */
export async function standDown(
  tx: Queryable,
  request: StoodDown,
  reason: StandDownReason,
  except: number | null,
): Promise<number> {
  const requestId = request.request_id
  await tx`delete from push_waves where request_id = ${requestId}`
  // Their number stays for the owner's progress (server/domain/requests/progress.ts); the change's transaction
  // holds the request's row already.
  const [queued] = await tx<{ n: number }[]>`
    with changed as (
      update requests set alerts_forgotten = alerts_forgotten + (select count(*) from push_alerts a where a.request_id = ${requestId})
      where request_id = ${requestId}
      returning request_id
    ),
    ${commaList(tx, standDownInStatement(tx, request, reason, except))}
    select count(*)::int as n from stood_down
  `
  return queued!.n
}

/**
 * standDown's forgetting and queueing as CTEs of the statement that makes a change, after its `changed` (nothing
 * happens when that is empty: a refused change). The statement's own update of the request counts the alerts
 * forgotten (pushesInStatement's `counted`), and the change's lock deleted the wave row beforehand (lockForChange).
 * Its last CTE, `stood_down`, answers the pushes queued.
 */
export function standDownInStatement(
  sql: Queryable,
  request: StoodDown,
  reason: StandDownReason,
  except: number | null,
): Array<PendingQuery<Row[]>> {
  const payloads = LANGUAGES.map((language) => standDownPayload(reason, language, request))
  return [
    sql`forgotten as (
      delete from push_alerts where request_id = ${request.request_id} and exists (select 1 from changed)
      returning user_id
    )`,
    sql`stood_down as (
      insert into push_jobs (endpoint, payload, urgency, ttl)
      select s.endpoint, texts.payload, 'normal', ${TTL_STAND_DOWN}
      from forgotten f
      join users u using (user_id)
      join unnest(${[...LANGUAGES]}::text[], ${payloads}::text[]) as texts (language, payload)
        on texts.language = u.language
      join push_subscriptions s on s.user_id = u.user_id
      where u.user_id is distinct from ${except}::int
        -- Blocked since the alert: nothing more of the owner's requests reaches them (docs/safety.md, "Blocks").
        and ${noBlockWith(sql, 'u', request.owner_id)}
      returning job_id
    )`,
  ]
}
