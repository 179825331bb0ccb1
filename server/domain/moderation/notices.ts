import type { Queryable } from '../../db/queryable.ts'
import { notFound } from '../../errors.ts'
import type { Notice } from '../../schemas/moderation.ts'
import { NOTICE_ERRORS } from './errors.ts'
import type { DecisionAction } from './rules.ts'

/**
 * What users are told of moderation decisions (docs/admin.md, "Moderation"), shown at their next start, or at once
 * when their app is open (the live `notices.changed`), until they acknowledge it: a warned user the statement of
 * reasons, a reporter what was done about their report, never the reasons or anything else about the other person.
 */
export type NoticeKind = Notice['kind']

export interface NewNotice {
  userId: number
  kind: NoticeKind
}

/** Records the notices of the decision on `reportId`, in the decision's transaction. */
export async function addNotices(sql: Queryable, reportId: number, notices: readonly NewNotice[]): Promise<void> {
  for (const { userId, kind } of notices) {
    await sql`
      insert into user_notices (user_id, report_id, kind) values (${userId}, ${reportId}, ${kind})
      on conflict on constraint user_notices_once do nothing
    `
  }
}

interface NoticeRow {
  notice_id: number
  kind: NoticeKind
  created_at: Date
  action: DecisionAction
  reason: string
  reported_at: Date
}

/** The user's notices not acknowledged yet, oldest first. */
export async function unseenNotices(sql: Queryable, userId: number): Promise<Notice[]> {
  const rows = await sql<NoticeRow[]>`
    select n.notice_id, n.kind, n.created_at, d.action, d.reason, r.created_at as reported_at
    from user_notices n
    join moderation_decisions d on d.report_id = n.report_id
    join reports r on r.report_id = n.report_id
    where n.user_id = ${userId} and n.seen_at is null
    order by n.notice_id
  `
  return rows.map((row): Notice => {
    const base = { notice_id: row.notice_id, created_at: row.created_at.toISOString() }
    // Only the warned user reads the statement of reasons; the reporter learns what was done, nothing more.
    return row.kind === 'warning'
      ? { ...base, kind: 'warning', reason: row.reason }
      : { ...base, kind: 'report_reviewed', action: row.action, reported_at: row.reported_at.toISOString() }
  })
}

/** The user acknowledged their notice (again: no change); someone else's, or none: 404. */
export async function markNoticeSeen(sql: Queryable, userId: number, noticeId: number): Promise<void> {
  const marked = await sql`
    update user_notices set seen_at = coalesce(seen_at, now())
    where notice_id = ${noticeId} and user_id = ${userId}
    returning 1
  `
  if (marked.length === 0) throw notFound(NOTICE_ERRORS.notFound)
}
