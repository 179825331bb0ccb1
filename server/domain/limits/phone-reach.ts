import type { PendingQuery, Row, Sql, TransactionSql } from 'postgres'
import { commaList } from '../../db/one-statement.ts'
import type { Queryable } from '../../db/queryable.ts'
import { tooManyRequests } from '../../errors.ts'
import { distanceKm, type Point } from '../shared/distance.ts'
import { lockLimitKeys } from './locks.ts'
import { isWithinRadius, type Place } from '../requests/reach.ts'
import { LIMIT_TIME_ZONE } from '../shared/helsinki-day.ts'
import { USER_ERRORS } from '../accounts/errors.ts'
import type { Location } from '../accounts/rules.ts'

/**
 * docs/security.md, "Phone numbers by reach": the owner's number goes to a user who is near, and "near" is a claim the user
 * makes by reporting locations. These rules keep that claim from being free: reports are spaced, a report that
 * jumps faster than anyone travels with a bicycle counts only once a report a minute later confirms it, the distance is
 * capped whatever radius the user picks, and each day's reveals are counted and capped.
 */

/** A report implying more than this from the previous one is a jump (a spoofed position, or a bad fix). */
export const PLAUSIBLE_SPEED_KMH = 200
/**
 * A jump counts for reach only once a report at least this long after it, and plausible from it, confirms it. The
 * spacing of reports alone (LOCATION_REPORT_SECONDS) would let a spoofer confirm a teleport with a second call 10 s
 * later; the SPA reports at most once a minute, so a real arrival is confirmed by its next report.
 */
export const JUMP_CONFIRMATION_SECONDS = 60
/** PUT /api/user/location is admitted at most once per this many seconds per user (the SPA reports far less often). */
export const LOCATION_REPORT_SECONDS = 10

/** What a location report is judged against: the last report (the list's location) and the place reach counts from. */
export interface ReportHistory {
  latitude: number | null
  longitude: number | null
  location_updated_at: Date | null
  reach_latitude: number | null
  reach_longitude: number | null
  reach_located_at: Date | null
}

/** Whether `to` at `at` is reachable from `from` at `since` without going faster than PLAUSIBLE_SPEED_KMH. */
export function plausibleMove(from: Point, since: Date, to: Point, at: Date): boolean {
  const hours = Math.max(0, at.getTime() - since.getTime()) / 3_600_000
  return distanceKm(from, to) <= PLAUSIBLE_SPEED_KMH * hours
}

/**
 * Whether a report moves the place that counts for phone reach. The first report does (there is nothing it could
 * be a jump from; registration's location is not one, so that a browser fix right after it is not judged against a
 * place from seconds ago). Later ones do when plausible from the reach place itself, which is ordinary travel or a
 * user coming back from one bad fix; or when they confirm a jump: plausible from the previous report (the jump, which
 * did not count) and at least JUMP_CONFIRMATION_SECONDS after it. A report within that time restarts the wait, as
 * the previous report is the one measured from.
 */
export function countsForReach(history: ReportHistory, to: Point, at: Date): boolean {
  const { reach_latitude, reach_longitude, reach_located_at } = history
  if (reach_latitude === null || reach_longitude === null || reach_located_at === null) return true
  if (plausibleMove({ latitude: reach_latitude, longitude: reach_longitude }, reach_located_at, to, at)) return true
  const { latitude, longitude, location_updated_at } = history
  if (latitude === null || longitude === null || location_updated_at === null) return false
  const waited = at.getTime() - location_updated_at.getTime() >= JUMP_CONFIRMATION_SECONDS * 1000
  return waited && plausibleMove({ latitude, longitude }, location_updated_at, to, at)
}

/**
 * PUT /api/user/location: stores the report as the list's location and, when it counts, as the reach place.
 * Spacing is checked and recorded under the user's row lock, so of parallel reports exactly one is admitted; the
 * others are 429 with the seconds to wait. Times are the database's, read after the lock is held.
 */
export async function reportLocation(
  sql: Sql,
  userId: number,
  location: Location,
): Promise<{ countsForReach: boolean }> {
  return sql.begin(async (tx) => {
    const [history] = await tx<(ReportHistory & { location_reported_at: Date | null })[]>`
      select latitude, longitude, location_updated_at, reach_latitude, reach_longitude, reach_located_at,
        location_reported_at
      from users where user_id = ${userId}
      for no key update
    `
    if (!history) return { countsForReach: false }
    // After the lock: a report that waited for another one is measured from that one's stored time.
    const [clock] = await tx<{ now: Date }[]>`select statement_timestamp() as now`
    const now = clock!.now
    if (history.location_reported_at) {
      const waitSeconds = LOCATION_REPORT_SECONDS - (now.getTime() - history.location_reported_at.getTime()) / 1000
      if (waitSeconds > 0)
        throw tooManyRequests(USER_ERRORS.locationTooOften, Math.min(waitSeconds, LOCATION_REPORT_SECONDS))
    }
    const counts = countsForReach(history, location, now)
    const { latitude, longitude } = location
    await tx`
      update users
      set latitude = ${latitude}, longitude = ${longitude}, location_updated_at = ${now}, location_reported_at = ${now}
        ${counts ? tx`, reach_latitude = ${latitude}, reach_longitude = ${longitude}, reach_located_at = ${now}` : tx``}
      where user_id = ${userId}
    `
    return { countsForReach: counts }
  })
}

/** The settings of the rule (PHONE_REACH_KM, PHONE_REVEALS_PER_DAY). */
export interface PhoneReachLimits {
  reachKm: number
  revealsPerDay: number
}

/**
 * Whether a request lies within phone reach of a place: within the user's radius and within the fixed distance,
 * so a larger radius never widens it. Null when either has no location.
 */
export function isWithinPhoneReach(place: Place, radius: number, request: Place, reachKm: number): boolean | null {
  return isWithinRadius({ ...place, radius: Math.min(radius, reachKm) }, request)
}

/** The place that counts for the user's phone reach (null coordinates before their first location report). */
export async function reachPlace(sql: Queryable, userId: number): Promise<Place> {
  const [row] = await sql<Place[]>`
    select reach_latitude as latitude, reach_longitude as longitude from users where user_id = ${userId}
  `
  return row ?? { latitude: null, longitude: null }
}

/** The limit lock that serialises a viewer's reveals (server/domain/limits/locks.ts). */
export const revealKey = (viewerId: number) => `phone-reveals:${viewerId}`

/**
 * Records that the viewer gets the owner's number of this request by reach, if today's cap allows: answers whether
 * the number may be shown. Requests count once per Helsinki day (opening one again, or the answer to a view, costs
 * nothing more). Under a per-viewer advisory lock held to the end of the caller's transaction, so of parallel
 * openings of different requests exactly as many as the cap allows are shown.
 */
export async function admitReveal(
  tx: TransactionSql,
  viewerId: number,
  requestId: number,
  revealsPerDay: number,
): Promise<boolean> {
  await lockLimitKeys(tx, [revealKey(viewerId)])
  // The request is locked against deletion until this transaction ends: a deletion already under way is waited
  // for, and a request it took is not recorded (its reference would fail) nor its number shown.
  const target = tx`select request_id from requests where request_id = ${requestId} for key share`
  const { ctes, shown } = admittingReveal(tx, viewerId, requestId, revealsPerDay, target)
  const [row] = await tx<{ shown: boolean }[]>`with ${commaList(tx, ctes)} select ${shown} as shown`
  return row!.shown
}

/**
 * admitReveal's record as CTEs, and SQL for whether the number may be shown; `target` is SQL for the request's
 * row (its `request_id`), none when nothing is to be recorded. A change's statement records it with its change
 * (change.ts; its `target` is the request as it wrote it, none when refused). The caller holds the viewer's limit
 * lock (revealKey) already, taken in an earlier statement: the count below is read after it was granted.
 */
export function admittingReveal(
  sql: Queryable,
  viewerId: number,
  requestId: number,
  revealsPerDay: number,
  target: PendingQuery<Row[]>,
): { ctes: Array<PendingQuery<Row[]>>; shown: PendingQuery<Row[]> } {
  return {
    ctes: [
      sql`reveal_day as (select (now() at time zone ${LIMIT_TIME_ZONE})::date as day)`,
      sql`reveal_target as (${target})`,
      sql`reveal_counted as (
        select count(*) as revealed, coalesce(bool_or(p.request_id = ${requestId}), false) as again
        from phone_reveals p, reveal_day
        where p.viewer_id = ${viewerId} and p.day = reveal_day.day
      )`,
      sql`reveal_added as (
        insert into phone_reveals (viewer_id, day, request_id)
        select ${viewerId}, reveal_day.day, reveal_target.request_id from reveal_day, reveal_counted, reveal_target
        where not reveal_counted.again and reveal_counted.revealed < ${revealsPerDay}
        returning 1
      )`,
    ],
    shown: sql`(
      exists (select 1 from reveal_target)
      and ((select again from reveal_counted) or exists (select 1 from reveal_added))
    )`,
  }
}
