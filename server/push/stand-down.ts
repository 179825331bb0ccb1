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
 * Tells everyone alerted of a request (every wave of it) and not told yet that it no longer needs them, in the
 * transaction of the change that made it so. A take-over ('helping') marks them told and keeps who they were, since
 * a let-go puts the request back into the search and its later waves must skip them (docs/live-and-push.md, "When
 * a helper lets go"); a completion, a deletion or a suspension ('over') forgets them, adding their number to the
 * request's `alerts_forgotten` for the owner's progress.
 *
 * The request's wave row is paused ('helping') or deleted ('over') first, in a statement of its own: that waits for
 * a wave being sent right now (it holds the row) and keeps any later one from starting, so nobody is alerted after
 * their stand-down was decided, and the next statement's snapshot sees every alert that wave recorded. `except`
 * (the new helper) knows already. Answers how many pushes were queued.
 */
export async function standDown(
  tx: Queryable,
  request: StoodDown,
  reason: StandDownReason,
  except: number | null,
): Promise<number> {
  const requestId = request.request_id
  if (reason === 'helping') await tx`update push_waves set due_at = null where request_id = ${requestId}`
  else await tx`delete from push_waves where request_id = ${requestId}`
  // The change's transaction holds the request's row already.
  const [queued] = await tx<{ n: number }[]>`
    with changed as (${
      reason === 'over'
        ? tx`update requests set ${forgettingCount(tx, requestId)} where request_id = ${requestId} returning request_id`
        : tx`select request_id from requests where request_id = ${requestId}`
    }),
    ${commaList(tx, standDownInStatement(tx, request, reason, except))}
    select count(*)::int as n from stood_down
  `
  return queued!.n
}

/**
 * An item of a SET list of an update of the request: the alerts an 'over' stand-down forgets, counted for the
 * owner's progress (server/domain/requests/progress.ts). Read with the statement's snapshot, before its delete.
 */
export const forgettingCount = (sql: Queryable, requestId: number) =>
  sql`alerts_forgotten = alerts_forgotten + (select count(*) from push_alerts a where a.request_id = ${requestId})`

/**
 * standDown's marking or forgetting and its queueing as CTEs of the statement that makes a change, after its
 * `changed` (nothing happens when that is empty: a refused change). The statement's own update of the request
 * counts the alerts forgotten (forgettingCount), and the change's lock paused or deleted the wave row beforehand
 * (lockForChange). Its last CTE, `stood_down`, answers the pushes queued.
 */
export function standDownInStatement(
  sql: Queryable,
  request: StoodDown,
  reason: StandDownReason,
  except: number | null,
): Array<PendingQuery<Row[]>> {
  const payloads = LANGUAGES.map((language) => standDownPayload(reason, language, request))
  const requestId = request.request_id
  return [
    ...(reason === 'helping'
      ? [
          sql`untold as (
            update push_alerts set stood_down_at = now()
            where request_id = ${requestId} and stood_down_at is null and exists (select 1 from changed)
            returning user_id
          )`,
        ]
      : [
          sql`forgotten as (
            delete from push_alerts where request_id = ${requestId} and exists (select 1 from changed)
            returning user_id, stood_down_at
          )`,
          sql`untold as (select user_id from forgotten where stood_down_at is null)`,
        ]),
    sql`stood_down as (
      insert into push_jobs (endpoint, payload, urgency, ttl)
      select s.endpoint, texts.payload, 'normal', ${TTL_STAND_DOWN}
      from untold f
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
