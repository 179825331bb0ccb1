import type { PendingQuery, Row } from 'postgres'
import type { Queryable } from '../../db/queryable.ts'

/**
 * The ids of the users with a block between them and the user of the row `table` (a users row in the query),
 * whichever of the two made it, ascending: both directions are one index lookup each (the blocks_once key and
 * blocks_blocked_idx). A block works both ways (docs/safety.md, "Blocks"), so this one set is all that visibility
 * needs.
 */
export const blockedEitherWay = (sql: Queryable, table: string) => sql`
  array(
    select b.blocked_id from blocks b where b.blocker_id = ${sql(`${table}.user_id`)}
    union
    select b.blocker_id from blocks b where b.blocked_id = ${sql(`${table}.user_id`)}
    order by 1
  )
`

/** Whether a block stands between these two users now, read from the table (not from a set loaded earlier). */
export async function blockBetween(sql: Queryable, userId: number, otherId: number): Promise<boolean> {
  const [row] = await sql<
    { blocked: boolean }[]
  >`select ${blockBetweenSql(sql, userId, sql`${otherId}::int`)} as blocked`
  return row!.blocked
}

/** SQL: blockBetween, for a statement that checks it with other rules; `other` is SQL for the other user's id. */
export const blockBetweenSql = (sql: Queryable, userId: number, other: PendingQuery<Row[]>) => sql`
  exists (
    select 1 from blocks
    where (blocker_id = ${userId} and blocked_id = ${other}) or (blocker_id = ${other} and blocked_id = ${userId})
  )
`

/**
 * SQL: a block stands between this user and the owner of the request `r` of the statement, read from the table
 * (a take-over's rule: server/domain/requests/status.ts).
 */
export const blockWithOwner = (sql: Queryable, userId: number) => sql`
  exists (
    select 1 from blocks b
    where (b.blocker_id = ${userId} and b.blocked_id = r.owner_id) or (b.blocked_id = ${userId} and b.blocker_id = r.owner_id)
  )
`

/** SQL: no block stands between the user of the users row `table` and `otherId` (push alerts: docs/safety.md). */
export const noBlockWith = (sql: Queryable, table: string, otherId: number) => sql`
  not exists (
    select 1 from blocks b
    where (b.blocker_id = ${sql(`${table}.user_id`)} and b.blocked_id = ${otherId})
      or (b.blocked_id = ${sql(`${table}.user_id`)} and b.blocker_id = ${otherId})
  )
`
