import type { Queryable } from '../../db/queryable.ts'
import { REQUEST_CATEGORIES, type RequestCategory } from '../shared/categories.ts'
import { LIMIT_TIME_ZONE } from '../shared/helsinki-day.ts'

/**
 * The public figures of how help goes (GET /api/stats, the /stats page; docs/product.md#public-figures): real
 * requests created on the last STATS_DAYS Europe/Helsinki days, today included. The window is in calendar days, not
 * a rolling 30 × 24 h, so that the daily series adds up to the totals. The definitions are the admin dashboard's
 * (server/domain/admin/stats.ts): test requests and deleted ones are left out (a deleted request is not counted at
 * all: its owner took it back, and a deleted account's requests are gone from the table anyway); the time to a
 * helper is `first_responded_at - created_at`, over the requests that had one; the time to completion
 * `completed_at - created_at`; "helped" is completed with `got_help`.
 */
export const STATS_DAYS = 30

/**
 * A figure about what happened to requests (helped, a median time) is shown only when it is drawn from at least this
 * many requests: below it, a reader who knows of one request could tell how it went. docs/product.md#public-figures.
 */
export const MIN_REQUESTS = 10

export interface CategoryFigures {
  category: RequestCategory
  requests: number | null
  helped: number | null
  median_minutes_to_helper: number | null
}

export interface DayFigures {
  /** YYYY-MM-DD, a Europe/Helsinki calendar day: the requests created that day. */
  date: string
  requests: number | null
  helped: number | null
}

export interface PublicFigures {
  days: typeof STATS_DAYS
  min_requests: typeof MIN_REQUESTS
  requests: number
  helped: number | null
  median_minutes_to_helper: number | null
  median_minutes_to_completion: number | null
  categories: CategoryFigures[]
  days_series: DayFigures[]
}

/** One group of the statement's grouping sets: all requests (`all`), one category's, or one day's. */
interface GroupRow {
  grouped_by: 'all' | 'category' | 'day'
  category: RequestCategory | null
  day: string | null
  requests: number
  helped: number
  with_helper: number
  completed: number
  median_to_helper: number | null
  median_to_completion: number | null
  first_day: string
}

/**
 * One statement, one pass over the window's rows (found by `requests_created_at_idx`): the totals, each category's
 * and each day's figures as grouping sets. Groups without rows are absent; `()` is always there, which carries the
 * first day of the window as PostgreSQL's clock sees it.
 */
function groupRows(sql: Queryable): Promise<GroupRow[]> {
  const firstDay = sql`(now() at time zone ${LIMIT_TIME_ZONE})::date - ${STATS_DAYS - 1}::int`
  return sql<GroupRow[]>`
    with real as (
      select
        category,
        (created_at at time zone ${LIMIT_TIME_ZONE})::date as day,
        status = 'completed' and got_help as helped,
        extract(epoch from first_responded_at - created_at)::float8 / 60 as to_helper,
        extract(epoch from completed_at - created_at)::float8 / 60 as to_completion
      from requests
      where created_at >= (${firstDay})::timestamp at time zone ${LIMIT_TIME_ZONE}
        and not is_test and deleted_at is null
    )
    select
      case grouping(category, day) when 3 then 'all' when 1 then 'category' else 'day' end as grouped_by,
      category,
      to_char(day, 'YYYY-MM-DD') as day,
      count(*)::int as requests,
      count(*) filter (where helped)::int as helped,
      count(to_helper)::int as with_helper,
      count(to_completion)::int as completed,
      percentile_cont(0.5) within group (order by to_helper) as median_to_helper,
      percentile_cont(0.5) within group (order by to_completion) as median_to_completion,
      to_char(${firstDay}, 'YYYY-MM-DD') as first_day
    from real
    group by grouping sets ((), (category), (day))
  `
}

/** A median to one decimal of a minute, or null when fewer than MIN_REQUESTS values were measured. */
const median = (value: number | null, measured: number) =>
  value === null || measured < MIN_REQUESTS ? null : Math.round(value * 10) / 10

/**
 * Which parts of a whole to hide, given each part's number of requests: every part below `min`, and, where the hidden
 * parts together hold 1 to min - 1 requests, the smallest shown parts as well until they hold at least `min`.
 * Otherwise the whole's shown count less the shown parts' would be a count drawn from fewer than `min` requests
 * (e.g. 30 helped of 40, 30 of 37 in the categories shown: the other 3 requests' outcome). Answers the hidden indexes.
 */
export function hiddenParts(sizes: readonly number[], min = MIN_REQUESTS): Set<number> {
  const hidden = new Set(sizes.flatMap((size, index) => (size < min ? [index] : [])))
  let hiddenSum = [...hidden].reduce((sum, index) => sum + sizes[index]!, 0)
  const shownBySize = sizes
    .map((size, index) => ({ size, index }))
    .filter(({ index }) => !hidden.has(index))
    .sort((a, b) => a.size - b.size || a.index - b.index)
  for (const { size, index } of shownBySize) {
    if (hiddenSum === 0 || hiddenSum >= min) break
    hidden.add(index)
    hiddenSum += size
  }
  return hidden
}

/** Dates from `first` (YYYY-MM-DD), one calendar day apart: plain date arithmetic in UTC, no time zone involved. */
function calendarDays(first: string, count: number): string[] {
  const start = Date.parse(`${first}T00:00:00Z`)
  return Array.from({ length: count }, (_, i) => new Date(start + i * 86_400_000).toISOString().slice(0, 10))
}

/**
 * The public figures, with the rule of MIN_REQUESTS applied (docs/product.md#public-figures):
 * - the number of requests in the window is always shown: it says how many asked, nothing of how any one went;
 * - below MIN_REQUESTS in the window, nothing else is shown, not even the counts per category or day (the window's
 *   few requests would each stand out with their day);
 * - from MIN_REQUESTS on, the counts of requests per category and per day are shown; "helped" is shown for the whole
 *   and for each category or day of at least MIN_REQUESTS requests, with the smallest others hidden too where the
 *   difference would tell the outcome of fewer (hiddenParts); a median only when measured over at least MIN_REQUESTS
 *   requests (those that had a helper, those completed).
 */
export async function publicFigures(sql: Queryable): Promise<PublicFigures> {
  const rows = await groupRows(sql)
  const all = rows.find((row) => row.grouped_by === 'all')!
  const enough = all.requests >= MIN_REQUESTS
  const byCategory = new Map(rows.filter((r) => r.grouped_by === 'category').map((r) => [r.category, r]))
  const byDay = new Map(rows.filter((r) => r.grouped_by === 'day').map((r) => [r.day, r]))

  const categoryRows = REQUEST_CATEGORIES.map((category) => ({ category, row: byCategory.get(category) }))
  const hiddenCategories = hiddenParts(categoryRows.map(({ row }) => row?.requests ?? 0))
  const dayRows = calendarDays(all.first_day, STATS_DAYS).map((date) => ({ date, row: byDay.get(date) }))
  const hiddenDays = hiddenParts(dayRows.map(({ row }) => row?.requests ?? 0))

  return {
    days: STATS_DAYS,
    min_requests: MIN_REQUESTS,
    requests: all.requests,
    helped: enough ? all.helped : null,
    median_minutes_to_helper: median(all.median_to_helper, all.with_helper),
    median_minutes_to_completion: median(all.median_to_completion, all.completed),
    categories: categoryRows.map(({ category, row }, index) => ({
      category,
      requests: enough ? (row?.requests ?? 0) : null,
      helped: enough && !hiddenCategories.has(index) ? (row?.helped ?? 0) : null,
      median_minutes_to_helper: row ? median(row.median_to_helper, row.with_helper) : null,
    })),
    days_series: dayRows.map(({ date, row }, index) => ({
      date,
      requests: enough ? (row?.requests ?? 0) : null,
      helped: enough && !hiddenDays.has(index) ? (row?.helped ?? 0) : null,
    })),
  }
}

/**
 * The figures kept for a minute per instance: the page and every visitor's reload cost no query in between, so the
 * public route needs no rate limit of its own. A failed build is not kept.
 */
export class PublicFiguresCache {
  private current: Promise<PublicFigures> | undefined
  private builtAt = 0

  constructor(
    private readonly sql: Queryable,
    private readonly maxAgeMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  get(): Promise<PublicFigures> {
    if (!this.current || this.now() - this.builtAt >= this.maxAgeMs) {
      const building = publicFigures(this.sql)
      this.current = building
      this.builtAt = this.now()
      building.catch(() => {
        if (this.current === building) this.current = undefined
      })
    }
    return this.current
  }
}
