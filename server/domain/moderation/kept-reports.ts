import type { Queryable } from '../../db/queryable.ts'
import type { KeptReport } from '../../schemas/moderation.ts'
import { reportRecordColumns, reportRecordOf, reportSource, type ReportRecordRow } from './reports.ts'

/**
 * The reports about deleted earlier accounts of a phone number (its phoneRecordKey), newest first, each with its
 * decision and when that account was deleted: a later account's history shows them to admins (docs/admin.md,
 * "Moderation"; docs/adr/0018-moderation-records-by-phone-key.md).
 */
export async function keptReportsOf(sql: Queryable, phoneKey: Buffer): Promise<KeptReport[]> {
  const rows = await sql<(ReportRecordRow & { kept_since: Date })[]>`
    select ${reportRecordColumns(sql)}, r.kept_since
    ${reportSource(sql)}
    where r.reported_phone_key = ${phoneKey}
    order by r.created_at desc, r.report_id desc
  `
  return rows.map((row) => ({ ...reportRecordOf(row), account_deleted_at: row.kept_since.toISOString() }))
}
