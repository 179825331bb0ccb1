import type { Queryable } from '../../db/queryable.ts'

/*
 * What "suspended now" means, in one place for every rule that asks (docs/accounts.md, "Suspension and ban"): the
 * user's decision that is not lifted and whose end (none for a ban) is still ahead. Kept apart from suspension.ts,
 * which changes requests and sessions, so that the request and session rules can read it without an import cycle.
 */

/** SQL: whether the user whose id is in the column `userId` (e.g. `r.owner_id`) is suspended or banned now. */
export const suspendedNow = (sql: Queryable, userId: string) => sql`exists (
  select 1 from account_suspensions s_now
  where s_now.user_id = ${sql(userId)} and s_now.lifted_at is null
    and (s_now.ends_at is null or s_now.ends_at > now())
)`

/**
 * SQL: the decision in force on a user (a subquery of at most one row: `until`, null for a ban, and `reason`), for a
 * statement that checks it together with other rules (server/domain/requests/change.ts).
 */
export const suspensionOf = (sql: Queryable, userId: number) => sql`(
  select ends_at as until, reason from account_suspensions
  where user_id = ${userId} and lifted_at is null and (ends_at is null or ends_at > now())
  limit 1
)`

/** The decision in force on a user, if any: until when (null: banned) and why. */
export async function suspensionInForce(
  sql: Queryable,
  userId: number,
): Promise<{ until: Date | null; reason: string } | undefined> {
  const [row] = await sql<
    { until: Date | null; reason: string }[]
  >`select until, reason from ${suspensionOf(sql, userId)} s`
  return row
}
