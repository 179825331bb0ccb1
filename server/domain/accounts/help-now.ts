import type { Queryable } from '../../db/queryable.ts'
import { LIMIT_TIME_ZONE } from '../shared/helsinki-day.ts'

/**
 * "I can help now" (docs/product.md#live-updates-and-push): on with no end, on for a chosen time, or off. A time
 * that has passed is off: the user turns it on again, nothing turns it on by itself.
 */
export const HELP_NOW_PERIODS = ['1h', '3h', 'today'] as const
export type HelpNowPeriod = (typeof HELP_NOW_PERIODS)[number]

/** The user's switch as the API shows it, read at `now`: an end that has passed reads as off. */
export function helpNowOf(
  row: { available_to_help: boolean; available_until: Date | null },
  now = new Date(),
): { availableToHelp: boolean; availableUntil: string | null } {
  const ended = row.available_until !== null && row.available_until <= now
  const on = row.available_to_help && !ended
  return { availableToHelp: on, availableUntil: on && row.available_until ? row.available_until.toISOString() : null }
}

/** The end a switch sets, as SQL: an hour, three hours or the Helsinki day from now; null with no period or off. */
export function helpNowUntil(sql: Queryable, availableToHelp: boolean, period: HelpNowPeriod | undefined) {
  if (!availableToHelp || period === undefined) return sql`null::timestamptz`
  if (period === 'today') {
    return sql`(date_trunc('day', now() at time zone ${LIMIT_TIME_ZONE}) + interval '1 day') at time zone ${LIMIT_TIME_ZONE}`
  }
  return sql`now() + ${period === '1h' ? '1 hour' : '3 hours'}::interval`
}

/** The SQL rule of helpNowOf for the waves: on, and any end still to come. */
export const helpsNow = (sql: Queryable, alias: 'u') =>
  sql`(${sql(alias)}.available_to_help and (${sql(alias)}.available_until is null or ${sql(alias)}.available_until > now()))`
