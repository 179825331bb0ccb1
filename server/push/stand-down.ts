import type { Queryable } from '../db/queryable.ts'
import type { RequestCategory } from '../domain/shared/categories.ts'
import type { Language } from '../domain/accounts/rules.ts'
import { noBlockWith } from '../domain/blocks/blocked-either-way.ts'
import { enqueueForUsers } from './jobs.ts'
import { standDownPayload, type StandDownReason } from './texts.ts'

/** As long as the alert itself (waves.ts): a stand-down older than that corrects nothing. */
const TTL_STAND_DOWN = 60 * 60

/**
 * Tells everyone alerted of a request (every wave of it) that it no longer needs them, in the transaction of the
 * change that made it so, and forgets who they were: the alerts exist for this and for picking later waves, and
 * neither comes after a take-over, a completion or a deletion.
 *
 * The request's wave row is deleted first: that waits for a wave being sent right now (it holds the row) and
 * keeps any later one from starting, so nobody is alerted after their stand-down was decided. `except` (the new
 * responder) knows already. Answers how many pushes were queued.
 */
export async function standDown(
  tx: Queryable,
  request: { request_id: number; owner_id: number; category: RequestCategory; description: string },
  reason: StandDownReason,
  except: number | null,
): Promise<number> {
  const requestId = request.request_id
  await tx`delete from push_waves where request_id = ${requestId}`
  // Their number stays for the owner's progress (server/domain/requests/progress.ts); the change's transaction
  // holds the request's row already.
  const alerted = await tx<{ user_id: number; language: Language }[]>`
    with forgotten as (delete from push_alerts where request_id = ${requestId} returning user_id),
      counted as (
        update requests set alerts_forgotten = alerts_forgotten + (select count(*) from forgotten)
        where request_id = ${requestId}
      )
    select u.user_id, u.language from forgotten join users u using (user_id)
    where u.user_id is distinct from ${except}::int
      -- Blocked since the alert: nothing more of the owner's requests reaches them (docs/safety.md, "Blocks").
      and ${noBlockWith(tx, 'u', request.owner_id)}
  `
  if (alerted.length === 0) return 0
  return enqueueForUsers(tx, alerted, (language) => standDownPayload(reason, language, request), {
    urgency: 'normal',
    ttl: TTL_STAND_DOWN,
  })
}
