import type { Queryable } from '../../db/queryable.ts'

/** Calendar days for the daily limits are Finnish days, whatever the server's time zone. */
export const LIMIT_TIME_ZONE = 'Europe/Helsinki'

/** SQL for the start of today's Finnish calendar day: the daily limit's day, and the admin figures' "today". */
export const helsinkiTodayStart = (sql: Queryable) =>
  sql`date_trunc('day', now() at time zone ${LIMIT_TIME_ZONE}) at time zone ${LIMIT_TIME_ZONE}`
