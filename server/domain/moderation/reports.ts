import type { Sql } from 'postgres'
import type { Queryable } from '../../db/queryable.ts'
import { badRequest, conflict, forbidden, tooManyRequests } from '../../errors.ts'
import type { AdminReport, ReportBody, ReportOptions } from '../../schemas/moderation.ts'
import { findRequest, type Viewer } from '../requests/requests.ts'
import {
  actRefusal,
  mayActAbout,
  personAbout,
  requestRoleOf,
  type Person,
  type RequestRole,
} from '../requests/people.ts'
import { lockLimitKeys } from '../limits/locks.ts'
import { helsinkiTodayStart, LIMIT_TIME_ZONE } from '../shared/helsinki-day.ts'
import { REPORT_ERRORS } from './errors.ts'
import {
  reportDetailsProblem,
  REPORTS_PER_DAY,
  type DecisionAction,
  type ReportReason,
  isReportReason,
} from './rules.ts'

/**
 * Reports (docs/admin.md, "Moderation"): a signed-in user tells the admins about a person on a request, whom the one
 * rule of reports and blocks allows (server/domain/requests/people.ts, actRefusal; docs/safety.md).
 */

export interface NewReport {
  about: RequestRole
  reason: ReportReason
  /** Trimmed; null when none was written. */
  details: string | null
}

/** The body as stored, or a 400 in words. */
export function checkReport(body: ReportBody): NewReport {
  const about = requestRoleOf(body.about, REPORT_ERRORS.invalidAbout)
  if (!isReportReason(body.reason)) throw badRequest(REPORT_ERRORS.invalidReason)
  const details = (body.details ?? '').trim()
  const problem = reportDetailsProblem(details)
  if (problem !== null) throw badRequest(problem)
  return { about, reason: body.reason, details: details === '' ? null : details }
}

/** What each refusal of the rule is to a report. */
const REFUSED = {
  self: () => badRequest(REPORT_ERRORS.yourself),
  notOwner: () => forbidden(REPORT_ERRORS.ownerOnly),
  noHelper: () => conflict(REPORT_ERRORS.noCurrentHelper),
} as const

/**
 * Whom `about` names on this request, for this viewer: 404 for a request they may not see, else as the rule says
 * (403 for a helper to anyone but the owner and admins, 409 when it never had a helper, 400 for themselves).
 */
async function reportedPerson(sql: Queryable, viewer: Viewer, requestId: number, about: RequestRole): Promise<Person> {
  const request = await findRequest(sql, viewer, requestId)
  const refusal = actRefusal(viewer, request, about)
  if (refusal !== null) throw REFUSED[refusal]()
  return personAbout(request, about)!
}

/**
 * Stores a report. Under the reporter's advisory lock (server/domain/limits/locks.ts), held to the end of the
 * transaction: the day's count and the insert cannot interleave with a parallel report of theirs, so a burst on any
 * number of instances stores at most REPORTS_PER_DAY a Helsinki day. The same reporter, request and person again is
 * a 409, held by the unique constraint as well.
 */
export async function fileReport(sql: Sql, viewer: Viewer, requestId: number, report: NewReport): Promise<number> {
  const reportId: number = await sql.begin(async (tx) => {
    await lockLimitKeys(tx, [`reports:${viewer.user_id}`])
    const reported = await reportedPerson(tx, viewer, requestId, report.about)
    const [seen] = await tx<{ today: number; again: boolean; retry_after: number }[]>`
      select
        count(*) filter (where created_at >= ${helsinkiTodayStart(tx)})::int as today,
        coalesce(bool_or(request_id = ${requestId} and reported_id = ${reported.user_id}), false) as again,
        extract(epoch from (
          (date_trunc('day', now() at time zone ${LIMIT_TIME_ZONE}) + interval '1 day') at time zone ${LIMIT_TIME_ZONE}
        ) - now())::float8 as retry_after
      from reports
      where reporter_id = ${viewer.user_id}
    `
    if (seen!.again) throw conflict(REPORT_ERRORS.alreadyReported)
    if (seen!.today >= REPORTS_PER_DAY) throw tooManyRequests(REPORT_ERRORS.dailyLimit, seen!.retry_after)
    const [stored] = await tx<{ report_id: number }[]>`
      insert into reports (request_id, reporter_id, reported_id, about, reason, details)
      values (${requestId}, ${viewer.user_id}, ${reported.user_id}, ${report.about}, ${report.reason}, ${report.details})
      on conflict on constraint reports_once do nothing
      returning report_id
    `
    if (!stored) throw conflict(REPORT_ERRORS.alreadyReported)
    return stored.report_id
  })
  return reportId
}

/**
 * Whom the viewer may report on this request (the request's `mayActAbout`, the rule of blocks too), and whether they
 * did already (the app's "Report" buttons).
 */
export async function reportOptions(sql: Queryable, viewer: Viewer, requestId: number): Promise<ReportOptions> {
  const request = await findRequest(sql, viewer, requestId)
  const people = mayActAbout(viewer, request).map(({ about }) => ({ about, person: personAbout(request, about)! }))
  const done = await sql<{ reported_id: number }[]>`
    select reported_id from reports where reporter_id = ${viewer.user_id} and request_id = ${requestId}
  `
  const reported = new Set(done.map((row) => row.reported_id))
  return people.map(({ about, person }) => ({
    about,
    user_name: person.user_name,
    reported: reported.has(person.user_id),
  }))
}

/** A report with its decision, as both the admins' lists and the records kept after a deletion read it. */
export interface ReportRecordRow {
  report_id: number
  created_at: Date
  reason: ReportReason
  details: string | null
  request_id: number | null
  reporter_id: number | null
  reporter_name: string | null
  action: DecisionAction | null
  decision_reason: string | null
  days: number | null
  decided_at: Date | null
  decided_by: number | null
  decided_by_name: string | null
}

interface ReportRow extends ReportRecordRow {
  reported_id: number
  reported_name: string
  open_reports: number
  total_reports: number
}

/** The columns of a ReportRecordRow, from reportSource. */
export const reportRecordColumns = (sql: Queryable) => sql`
  r.report_id, r.created_at, r.reason, r.details, r.request_id,
  r.reporter_id, reporter.user_name as reporter_name,
  d.action, d.reason as decision_reason, d.days, d.decided_at, d.decided_by, admin.user_name as decided_by_name
`

/** Reports (`r`) with their reporter, decision (`d`) and its admin. */
export const reportSource = (sql: Queryable) => sql`
  from reports r
  left join users reporter on reporter.user_id = r.reporter_id
  left join moderation_decisions d on d.report_id = r.report_id
  left join users admin on admin.user_id = d.decided_by
`

/**
 * Reports as the admins read them, with their decision and the reported person's counts: add a where clause and an
 * order. Names and ids only: never a phone number. A report kept after its reported account was deleted (no
 * reported_id) is not among them: it shows only in the history of a later account of the number (kept-reports.ts).
 */
export const selectReports = (sql: Queryable) => sql`
  select
    ${reportRecordColumns(sql)},
    r.reported_id, reported.user_name as reported_name,
    counts.open_reports, counts.total_reports
  ${reportSource(sql)}
  join users reported on reported.user_id = r.reported_id
  cross join lateral (
    select count(*) filter (where od.report_id is null)::int as open_reports, count(*)::int as total_reports
    from reports o
    left join moderation_decisions od on od.report_id = o.report_id
    where o.reported_id = r.reported_id
  ) counts
`

/** The fields of a report and its decision that do not name the reported person. */
export function reportRecordOf(row: ReportRecordRow): Omit<AdminReport, 'reported'> {
  return {
    report_id: row.report_id,
    created_at: row.created_at.toISOString(),
    reason: row.reason,
    details: row.details,
    request_id: row.request_id,
    status: row.action === null ? 'open' : 'closed',
    reporter: row.reporter_id === null ? null : { user_id: row.reporter_id, user_name: row.reporter_name! },
    decision:
      row.action === null
        ? null
        : {
            action: row.action,
            reason: row.decision_reason!,
            days: row.days,
            decided_at: row.decided_at!.toISOString(),
            decided_by: row.decided_by === null ? null : { user_id: row.decided_by, user_name: row.decided_by_name! },
          },
  }
}

export function adminReportOf(row: ReportRow): AdminReport {
  return {
    ...reportRecordOf(row),
    reported: {
      user_id: row.reported_id,
      user_name: row.reported_name,
      open_reports: row.open_reports,
      total_reports: row.total_reports,
    },
  }
}

/** How many closed reports the list shows: the latest decisions; older ones stay in each user's history. */
export const CLOSED_REPORTS_SHOWN = 200

/** Open reports oldest first (every one: they are the admins' queue), or the latest decided ones. */
export async function listReports(sql: Queryable, status: 'open' | 'closed'): Promise<AdminReport[]> {
  const rows = await sql<ReportRow[]>`
    ${selectReports(sql)}
    ${
      status === 'open'
        ? sql`where d.report_id is null order by r.created_at, r.report_id`
        : sql`where d.report_id is not null order by d.decided_at desc, r.report_id desc limit ${CLOSED_REPORTS_SHOWN}`
    }
  `
  return rows.map(adminReportOf)
}

export async function reportById(sql: Queryable, reportId: number): Promise<AdminReport | undefined> {
  const [row] = await sql<ReportRow[]>`${selectReports(sql)} where r.report_id = ${reportId}`
  return row && adminReportOf(row)
}

/** Every report about a user, newest first, with its decision (the user's history). */
export async function reportsAbout(sql: Queryable, userId: number): Promise<AdminReport[]> {
  const rows = await sql<ReportRow[]>`
    ${selectReports(sql)} where r.reported_id = ${userId} order by r.created_at desc, r.report_id desc
  `
  return rows.map(adminReportOf)
}
