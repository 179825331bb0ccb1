import type { Queryable } from '../../db/queryable.ts'
import { badRequest, notFound } from '../../errors.ts'
import type { AdminUser, AdminUserList } from '../../schemas/admin-users.ts'
import { ADMIN_USER_ERRORS } from './errors.ts'
import { LIMIT_TIME_ZONE } from '../shared/helsinki-day.ts'
import { characterCount, USER_NAME_MAX } from '../accounts/validation.ts'
import { setAdmin } from '../accounts/users.ts'
import { letGosWithin } from '../requests/let-go.ts'
import type { Transactions } from '../shared/unit-of-work.ts'

export const ADMIN_USERS_PAGE_SIZE = 50

/** The search as used: trimmed, at most as long as a user name can be (a longer one could match nothing). */
export function checkUserSearch(q: string | undefined): string {
  const search = (q ?? '').trim()
  if (characterCount(search) > USER_NAME_MAX) throw badRequest(ADMIN_USER_ERRORS.searchTooLong)
  return search
}

interface Row extends Omit<AdminUser, 'created_at' | 'suspension'> {
  created_at: Date
  suspended_until: Date | null
  suspension_reason: string | null
  suspended_at: Date | null
}

const toAdminUser = (row: Row): AdminUser => ({
  user_id: row.user_id,
  user_name: row.user_name,
  created_at: row.created_at.toISOString(),
  is_admin: row.is_admin,
  requests_made: row.requests_made,
  requests_helped: row.requests_helped,
  cyclists_helped: row.cyclists_helped,
  reach_reveals_today: row.reach_reveals_today,
  reach_reveals_30d: row.reach_reveals_30d,
  let_gos_30d: row.let_gos_30d,
  suspension:
    row.suspended_at === null
      ? null
      : {
          until: row.suspended_until?.toISOString() ?? null,
          reason: row.suspension_reason!,
          decided_at: row.suspended_at.toISOString(),
        },
})

/**
 * The list's columns for the users of `users_page` (a CTE the caller defines), so a page costs one statement. Never
 * the phone column. Helped: the real requests they help with now, and those completed while they were the
 * helper, as recorded at completion (helped_requests): an owner deleting such a request, or their account,
 * does not take it back (docs/adr/0004-helped-counts-outlive-requests.md). Cyclists helped is the user's own "You
 * have helped N cyclists" (helped_cyclists), so the card and the user's settings agree. The phone numbers they got by reach
 * (docs/security.md, "Phone numbers by reach") come from one pass over their reveals; their let-gos (take-overs let
 * go within 30 minutes: docs/product.md, "Take-over budget") from the let-go index.
 */
const listColumns = (sql: Queryable) => sql`
  u.user_id, u.user_name, u.created_at, u.is_admin,
  coalesce(counts.made, 0)::int as requests_made,
  (coalesce(counts.helping, 0) + (select count(*) from helped_requests h where h.helper_id = u.user_id))::int
    as requests_helped,
  (select count(*) from helped_cyclists c where c.helper_id = u.user_id)::int as cyclists_helped,
  reveals.today as reach_reveals_today,
  reveals.last_30d as reach_reveals_30d,
  ${letGosWithin(sql, sql`u.user_id`, 30)} as let_gos_30d,
  suspension.ends_at as suspended_until, suspension.reason as suspension_reason, suspension.decided_at as suspended_at
  from users_page u
  -- The decision in force (docs/accounts.md, "Suspension and ban"): the user's one row not lifted, if not ended.
  left join account_suspensions suspension
    on suspension.user_id = u.user_id and suspension.lifted_at is null
      and (suspension.ends_at is null or suspension.ends_at > now())
  cross join lateral (
    select
      count(p.day) filter (where p.day = clock.today)::int as today,
      count(p.day)::int as last_30d
    from (select (now() at time zone ${LIMIT_TIME_ZONE})::date as today) clock
    left join phone_reveals p on p.viewer_id = u.user_id and p.day > clock.today - 30
  ) reveals
  left join lateral (
    select
      count(*) filter (where r.owner_id = u.user_id) as made,
      count(*) filter (where r.responder_id = u.user_id and r.status = 'in progress') as helping
    from requests r
    where (r.owner_id = u.user_id or r.responder_id = u.user_id) and not r.is_test and r.deleted_at is null
  ) counts on true
`

/** LIKE's wildcards and its escape character as plain characters: the search finds exactly what was typed. */
export function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, '\\$&')
}

/**
 * One page of users, newest registration first, and how many match in all. ILIKE (rather than strpos) so that a
 * trigram index can serve the search once the users are many.
 */
export async function listUsers(sql: Queryable, search: string, offset: number): Promise<AdminUserList> {
  const rows = await sql<(Row & { total: number })[]>`
    with matched as (
      select user_id, user_name, created_at, is_admin from users
      ${search ? sql`where user_name ilike ${`%${likeLiteral(search)}%`} escape '\\'` : sql``}
    ),
    users_page as (
      select * from matched order by created_at desc, user_id desc limit ${ADMIN_USERS_PAGE_SIZE} offset ${offset}
    ),
    listed as (select ${listColumns(sql)})
    -- The total comes even with a page past the end: one row of nulls then, dropped below.
    select (select count(*) from matched)::int as total, listed.*
    from (select 1) one left join listed on true
    order by listed.created_at desc, listed.user_id desc
  `
  return {
    total: rows[0]?.total ?? 0,
    users: rows.filter((row) => row.user_id !== null).map(toAdminUser),
  }
}

async function listedUser(sql: Queryable, userId: number): Promise<AdminUser | undefined> {
  const [row] = await sql<Row[]>`
    with users_page as (select user_id, user_name, created_at, is_admin from users where user_id = ${userId})
    select ${listColumns(sql)}
  `
  return row && toAdminUser(row)
}

/**
 * A user's phone number for an admin, recorded in the same statement that reads it: the insert's RETURNING is
 * what yields the number, so no number leaves the database without its row in admin_phone_views.
 */
export async function viewPhone(sql: Queryable, adminId: number, userId: number): Promise<string> {
  let rows: { phone: string }[]
  try {
    rows = await sql<{ phone: string }[]>`
      with target as (select user_id, phone from users where user_id = ${userId}),
      logged as (
        insert into admin_phone_views (admin_id, user_id)
        select ${adminId}, user_id from target
        returning user_id
      )
      select target.phone from target join logged using (user_id)
    `
  } catch (error) {
    // The user was deleted between the read and the insert: the same answer as a user never there.
    if ((error as { code?: string }).code === '23503') throw notFound(ADMIN_USER_ERRORS.userNotFound)
    throw error
  }
  if (!rows[0]) throw notFound(ADMIN_USER_ERRORS.userNotFound)
  return rows[0].phone
}

/** Grants or revokes another user's admin role; an admin's own role is not theirs to change. */
export async function changeAdminRole(
  sql: Queryable,
  adminId: number,
  userId: number,
  isAdmin: boolean,
): Promise<AdminUser> {
  if (userId === adminId) throw badRequest(ADMIN_USER_ERRORS.ownRole)
  if (!(await setAdmin(sql, userId, isAdmin))) throw notFound(ADMIN_USER_ERRORS.userNotFound)
  const user = await listedUser(sql, userId)
  if (!user) throw notFound(ADMIN_USER_ERRORS.userNotFound)
  return user
}

/**
 * The unit of work of a role change, as the admin command's: at the commit every instance drops the user's session
 * copies and reloads the user, and their streams and open apps follow the role.
 */
export async function setAdminRole(
  events: Transactions,
  adminId: number,
  userId: number,
  isAdmin: boolean,
): Promise<AdminUser> {
  return events.transaction(async (tx, announce) => {
    const user = await changeAdminRole(tx, adminId, userId, isAdmin)
    await announce.user(user.user_id)
    return user
  })
}
