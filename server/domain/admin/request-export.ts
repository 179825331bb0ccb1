import { stringify } from 'csv-stringify/sync'
import type { Queryable } from '../../db/queryable.ts'
import { badRequest } from '../../errors.ts'
import { EXPORT_MAX_DAYS, EXPORT_ERRORS } from './errors.ts'
import { LIMIT_TIME_ZONE } from '../shared/helsinki-day.ts'

export const EXPORT_COLUMNS = [
  'request_id',
  'created_at',
  'category',
  'status',
  'is_test',
  'is_approximate',
  'latitude',
  'longitude',
  'owner',
  'responder',
  'first_responded_at',
  'completed_at',
  'got_help',
  'views',
] as const

export interface ExportPeriod {
  from: string
  to: string
}

const DAY_MS = 86_400_000

/**
 * Midnight UTC of a YYYY-MM-DD that is a real date (2026-02-30 is not), or null. Year 0 exists for JavaScript but
 * not for PostgreSQL, which would fail the query on it.
 */
function parseDay(text: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text) || text.startsWith('0000')) return null
  const time = Date.parse(`${text}T00:00:00Z`)
  return Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== text ? null : time
}

/** Both days inclusive, at most EXPORT_MAX_DAYS of them; anything else is a 400 saying what is wrong. */
export function checkExportPeriod(from: string | undefined, to: string | undefined): ExportPeriod {
  if (!from || !to) throw badRequest(EXPORT_ERRORS.datesRequired)
  const start = parseDay(from)
  const end = parseDay(to)
  if (start === null || end === null) throw badRequest(EXPORT_ERRORS.invalidDate)
  if (start > end) throw badRequest(EXPORT_ERRORS.fromAfterTo)
  if ((end - start) / DAY_MS + 1 > EXPORT_MAX_DAYS) throw badRequest(EXPORT_ERRORS.tooLong)
  return { from, to }
}

/**
 * OWASP CSV injection: a spreadsheet runs a cell that starts with = + - @ (or a tab or CR before one) as a formula.
 * Such a text cell gets a leading ' so it is shown as text. Only text cells are touched: the user-controlled ones
 * are the columns `owner` and `responder`, the user names of the owner and the helper (a user name may start with
 * "-"), and the others are neutralised alike for safety. Numbers (a western longitude such as -0.1) are written as
 * the numbers they are: a number cannot carry a formula, and a quote in front would make it text to the spreadsheet.
 */
export function neutraliseFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text
}

interface ExportRow {
  request_id: number
  created_at: Date
  category: string
  status: string
  is_test: boolean
  is_approximate: boolean
  latitude: number | null
  longitude: number | null
  owner: string | null
  responder: string | null
  first_responded_at: Date | null
  completed_at: Date | null
  got_help: boolean | null
  views: number
}

const text = (value: string | null) => (value === null ? '' : neutraliseFormula(value))
const time = (value: Date | null) => (value === null ? '' : value.toISOString())
const yesNo = (value: boolean | null) => (value === null ? '' : String(value))

/**
 * The requests created on the Helsinki days from..to (both inclusive), test requests included (is_test says so),
 * deleted ones left out, as CSV: UTF-8 with a byte order mark (so Excel reads ä and ö), a header row, RFC 4180
 * quoting by csv-stringify. Times are ISO 8601 in UTC. The `owner` and `responder` columns (the helper's) are user
 * names: never a phone number (the query selects no phone column at all).
 */
export async function requestsCsv(sql: Queryable, { from, to }: ExportPeriod): Promise<string> {
  const rows = await sql<ExportRow[]>`
    select r.request_id, r.created_at, r.category, r.status, r.is_test, r.is_approximate, r.latitude, r.longitude,
      owner.user_name as owner, helper.user_name as responder, r.first_responded_at, r.completed_at, r.got_help,
      r.views
    from requests r
    join users owner on owner.user_id = r.owner_id
    left join users helper on helper.user_id = r.responder_id
    where r.deleted_at is null
      and r.created_at >= ${from}::date::timestamp at time zone ${LIMIT_TIME_ZONE}
      and r.created_at < (${to}::date + 1)::timestamp at time zone ${LIMIT_TIME_ZONE}
    order by r.created_at, r.request_id
  `
  const records = rows.map((row) => [
    row.request_id,
    time(row.created_at),
    text(row.category),
    text(row.status),
    yesNo(row.is_test),
    yesNo(row.is_approximate),
    row.latitude ?? '',
    row.longitude ?? '',
    text(row.owner),
    text(row.responder),
    time(row.first_responded_at),
    time(row.completed_at),
    yesNo(row.got_help),
    row.views,
  ])
  return stringify(records, { bom: true, header: true, columns: [...EXPORT_COLUMNS], record_delimiter: 'windows' })
}
