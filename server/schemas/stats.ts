import { Type, type Static } from '@sinclair/typebox'
import { REQUEST_CATEGORIES } from '../domain/shared/categories.ts'
import { MIN_REQUESTS, STATS_DAYS } from '../domain/stats/public-figures.ts'
import { Nullable } from './common.ts'

const HIDDEN = `null when drawn from fewer than ${MIN_REQUESTS} requests`
const Count = (description: string) => Type.Integer({ minimum: 0, description })
const HiddenCount = (description: string) =>
  Nullable(Type.Integer({ minimum: 0, description: `${description}; ${HIDDEN}` }))
const Minutes = (description: string) => Nullable(Type.Number({ minimum: 0, description: `${description}; ${HIDDEN}` }))

/**
 * GET /api/stats: the public figures of the last 30 Europe/Helsinki days (docs/product.md#public-figures). Only
 * counts and medians: no names, places or ids.
 */
export const PublicStats = Type.Object(
  {
    days: Type.Literal(STATS_DAYS, { description: 'The window: this many Europe/Helsinki days, today included' }),
    min_requests: Type.Literal(MIN_REQUESTS, {
      description: 'A figure drawn from fewer requests than this is null (privacy)',
    }),
    requests: Count('Real requests created in the window (always shown)'),
    helped: HiddenCount('Of them, completed with help received'),
    median_minutes_to_helper: Minutes('Median minutes from a request to its first helper, over those that had one'),
    median_minutes_to_completion: Minutes('Median minutes from a request to its completion, over those completed'),
    categories: Type.Array(
      Type.Object({
        category: Type.Union(REQUEST_CATEGORIES.map((category) => Type.Literal(category))),
        requests: HiddenCount('Requests of this category (null while the window holds too few in all)'),
        helped: HiddenCount('Of them, completed with help received (also null where it would tell another figure)'),
        median_minutes_to_helper: Minutes('Median minutes to the first helper'),
      }),
      { description: 'Every request category, in the order of the new-request form' },
    ),
    days_series: Type.Array(
      Type.Object({
        date: Type.String({ format: 'date', description: 'A Europe/Helsinki calendar day (YYYY-MM-DD)' }),
        requests: HiddenCount('Requests created that day (null while the window holds too few in all)'),
        helped: HiddenCount('Of them, completed with help received (also null where it would tell another figure)'),
      }),
      { description: `Each of the ${STATS_DAYS} days, oldest first, today last` },
    ),
  },
  {
    examples: [
      {
        days: 30,
        min_requests: 10,
        requests: 42,
        helped: 35,
        median_minutes_to_helper: 6.5,
        median_minutes_to_completion: 48,
        categories: [
          { category: 'bicycle_maintenance', requests: 30, helped: 26, median_minutes_to_helper: 5.5 },
          { category: 'food_and_hydration', requests: 3, helped: null, median_minutes_to_helper: null },
          { category: 'transportation_need', requests: 7, helped: null, median_minutes_to_helper: null },
          { category: 'other', requests: 2, helped: null, median_minutes_to_helper: null },
        ],
        days_series: [{ date: '2026-11-29', requests: 3, helped: null }],
      },
    ],
  },
)
export type PublicStats = Static<typeof PublicStats>
