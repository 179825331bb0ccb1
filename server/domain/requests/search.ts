import type { PendingQuery, Row } from 'postgres'
import type { Queryable } from '../../db/queryable.ts'

/**
 * SQL (a statement or a CTE's body) that puts requests back into the search for a helper
 * (docs/live-and-push.md, "When a helper lets go"): a take-over paused their wave row (lockForChange's 'pause'),
 * and the response ended without completing them (a release, a removal, a block, a suspension of the helper), so
 * the next wave falls due now, with the wave count and the latest wave's time as they were. A request whose waves
 * had all gone out (no row) stays without; `requestIds` is SQL for a set of ids.
 */
export const resumingSearch = (sql: Queryable, requestIds: PendingQuery<Row[]>) => sql`
  update push_waves set due_at = now() where request_id in ${requestIds} and due_at is null
`
