import type { Queryable } from '../db/queryable.ts'
import { helsinkiTodayStart } from './request-rules.ts'

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
 * over the requests completed in the last 30 days (rolling, from now); the time to a responder only over those
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
