import type { Queryable } from '../../db/queryable.ts'
import { helsinkiTodayStart, LIMIT_TIME_ZONE } from '../shared/helsinki-day.ts'

export interface UserFigures {
  total: number
  new_today: number
  with_location: number
  push_subscribed: number
}

export interface RequestFigures {
  created_today: number
  new: number
  in_progress: number
  completed_today: number
  completed_30d: number
  got_help_30d: number
  median_minutes_to_responder_30d: number | null
  median_minutes_to_completion_30d: number | null
}

export async function userFigures(sql: Queryable): Promise<UserFigures> {
  const [row] = await sql<UserFigures[]>`
    select
      count(*)::int as total,
      count(*) filter (where created_at >= ${helsinkiTodayStart(sql)})::int as new_today,
      count(*) filter (where latitude is not null)::int as with_location,
      (select count(distinct user_id)::int from push_subscriptions) as push_subscribed
    from users
  `
  return row!
}

/**
 * Figures of real requests: test requests and deleted ones are left out. The 30-day figures and both medians are
 * over the requests completed in the last 30 days (rolling, from now); the time to a helper only over those
 * that had one, as recorded since the first_responded_at column exists.
 */
export async function requestFigures(sql: Queryable): Promise<RequestFigures> {
  const [row] = await sql<RequestFigures[]>`
    with real as (
      select *, completed_at >= now() - interval '30 days' as completed_30d
      from requests
      where not is_test and deleted_at is null
    )
    select
      count(*) filter (where created_at >= ${helsinkiTodayStart(sql)})::int as created_today,
      count(*) filter (where status = 'new')::int as new,
      count(*) filter (where status = 'in progress')::int as in_progress,
      count(*) filter (where completed_at >= ${helsinkiTodayStart(sql)})::int as completed_today,
      count(*) filter (where completed_30d)::int as completed_30d,
      count(*) filter (where completed_30d and got_help)::int as got_help_30d,
      percentile_cont(0.5) within group (order by extract(epoch from first_responded_at - created_at)::float8 / 60)
        filter (where completed_30d and first_responded_at is not null) as median_minutes_to_responder_30d,
      percentile_cont(0.5) within group (order by extract(epoch from completed_at - created_at)::float8 / 60)
        filter (where completed_30d) as median_minutes_to_completion_30d
    from real
  `
  return row!
}

/** How many Europe/Helsinki days the chart shows, today included. */
export const CHART_DAYS = 30

export interface DayFigures {
  /** YYYY-MM-DD, a Europe/Helsinki calendar day. */
  day: string
  created: number
  completed_with_help: number
  completed_without_help: number
}

/**
 * Real requests (no test, no deleted ones) per Helsinki day over the last CHART_DAYS days, oldest first, every day
 * present: created by the day of created_at, completed by the day of completed_at, split by got_help. A request
 * created on one day and completed on another counts on both. The two halves of the union each use their index.
 */
export async function requestsPerDay(sql: Queryable): Promise<DayFigures[]> {
  return sql<DayFigures[]>`
    with span as (
      select today - ${CHART_DAYS - 1}::int as first_day,
        (today - ${CHART_DAYS - 1}::int)::timestamp at time zone ${LIMIT_TIME_ZONE} as since
      from (select (now() at time zone ${LIMIT_TIME_ZONE})::date as today) as clock
    ),
    days as (
      select first_day + offset_days as day
      from span, generate_series(0, ${CHART_DAYS - 1}::int) as offset_days
    ),
    real as (
      select * from requests where not is_test and deleted_at is null
    ),
    happenings as (
      select (created_at at time zone ${LIMIT_TIME_ZONE})::date as day, 'created' as kind
      from real, span
      where created_at >= since
      union all
      select (completed_at at time zone ${LIMIT_TIME_ZONE})::date as day,
        case when got_help then 'with help' else 'without help' end as kind
      from real, span
      where completed_at >= since
    )
    select
      to_char(day, 'YYYY-MM-DD') as day,
      count(*) filter (where kind = 'created')::int as created,
      count(*) filter (where kind = 'with help')::int as completed_with_help,
      count(*) filter (where kind = 'without help')::int as completed_without_help
    from days
    left join happenings using (day)
    group by day
    order by day
  `
}
