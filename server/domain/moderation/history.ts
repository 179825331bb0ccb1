import type { Queryable } from '../../db/queryable.ts'
import { notFound } from '../../errors.ts'
import type { UserHistory } from '../../schemas/moderation.ts'
import { ADMIN_USER_ERRORS } from '../admin/errors.ts'
import { reportsAbout } from './reports.ts'
import { keptReportsOf } from './kept-reports.ts'
import { phoneRecordKey } from './kept-records.ts'

/** How many of a user's requests and take-overs the history shows, newest first. */
export const HISTORY_ROWS = 50

/**
 * A user's record for the admin deciding a report about them (docs/admin.md, "Moderation"): the requests they made
 * (deleted ones too, marked), their take-overs and how each ended, every report about them with its decision, and
 * how many reports they sent, and the reports kept about deleted earlier accounts of their phone number (`recordKey`:
 * the key of phoneRecordKey). Names and ids only: never a phone number or a description.
 */
export async function userHistory(sql: Queryable, userId: number, recordKey: string): Promise<UserHistory> {
  const [row] = await sql<{ user_id: number; user_name: string; created_at: Date; is_admin: boolean; phone: string }[]>`
    select user_id, user_name, created_at, is_admin, phone from users where user_id = ${userId}
  `
  if (!row) throw notFound(ADMIN_USER_ERRORS.userNotFound)
  const { phone, ...user } = row
  const requests = await sql<
    { request_id: number; category: string; status: string; created_at: Date; deleted: boolean; is_test: boolean }[]
  >`
    select request_id, category, status, created_at, deleted_at is not null as deleted, is_test
    from requests where owner_id = ${userId}
    order by created_at desc, request_id desc
    limit ${HISTORY_ROWS}
  `
  const responses = await sql<
    {
      request_id: number
      category: string
      owner_name: string
      started_at: Date
      ended_at: Date | null
      outcome: 'released' | 'removed' | 'completed' | 'deleted' | null
    }[]
  >`
    select rr.request_id, r.category, o.user_name as owner_name, rr.started_at, rr.ended_at, rr.outcome
    from request_responses rr
    join requests r on r.request_id = rr.request_id
    join users o on o.user_id = r.owner_id
    where rr.responder_id = ${userId}
    order by rr.started_at desc, rr.request_id desc
    limit ${HISTORY_ROWS}
  `
  const [made] = await sql<{ n: number }[]>`select count(*)::int as n from reports where reporter_id = ${userId}`
  return {
    user: { ...user, created_at: user.created_at.toISOString() },
    requests: requests.map((row) => ({ ...row, created_at: row.created_at.toISOString() })),
    responses: responses.map((row) => ({
      ...row,
      started_at: row.started_at.toISOString(),
      ended_at: row.ended_at?.toISOString() ?? null,
    })),
    reports: await reportsAbout(sql, userId),
    reports_made: made!.n,
    earlier_reports: await keptReportsOf(sql, phoneRecordKey(recordKey, phone)),
  }
}
