import { Type, type Static } from '@sinclair/typebox'
import { CHART_DAYS } from '../domain/admin/stats.ts'
import { Nullable } from './common.ts'

const Count = Type.Integer({ minimum: 0 })
const Minutes = Nullable(Type.Number({ minimum: 0, description: 'Minutes; null when there is nothing to measure' }))

/** GET /api/admin/stats: real requests only (no test, no deleted ones); "today" is the Europe/Helsinki day. */
export const AdminStats = Type.Object(
  {
    users: Type.Object({
      total: Count,
      new_today: Count,
      with_location: Count,
      push_subscribed: Type.Integer({ minimum: 0, description: 'Users with at least one push subscription' }),
    }),
    requests: Type.Object({
      created_today: Count,
      new: Type.Integer({ minimum: 0, description: 'Requests in status new now' }),
      in_progress: Type.Integer({ minimum: 0, description: 'Requests in progress now' }),
      completed_today: Count,
      completed_30d: Type.Integer({ minimum: 0, description: 'Completed in the last 30 days' }),
      got_help_30d: Type.Integer({ minimum: 0, description: 'Completed in the last 30 days with help' }),
      median_minutes_to_responder_30d: Minutes,
      median_minutes_to_completion_30d: Minutes,
    }),
    live: Type.Object({
      connected_clients: Type.Integer({ minimum: 0, description: 'Authenticated event streams on all instances' }),
      connected_users: Type.Integer({ minimum: 0, description: 'Distinct users among them' }),
    }),
  },
  {
    examples: [
      {
        users: { total: 1250, new_today: 4, with_location: 1100, push_subscribed: 800 },
        requests: {
          created_today: 12,
          new: 3,
          in_progress: 2,
          completed_today: 7,
          completed_30d: 310,
          got_help_30d: 270,
          median_minutes_to_responder_30d: 6.5,
          median_minutes_to_completion_30d: 42,
        },
        live: { connected_clients: 140, connected_users: 120 },
      },
    ],
  },
)

/** GET /api/admin/requests-per-day: the dashboard's chart, real requests only, oldest day first. */
export const RequestsPerDay = Type.Object(
  {
    days: Type.Array(
      Type.Object({
        day: Type.String({ format: 'date', description: 'A Europe/Helsinki calendar day (YYYY-MM-DD)' }),
        created: Type.Integer({ minimum: 0, description: 'Requests created that day' }),
        completed_with_help: Type.Integer({ minimum: 0, description: 'Requests completed that day that got help' }),
        completed_without_help: Type.Integer({
          minimum: 0,
          description: 'Requests completed that day without help',
        }),
      }),
      {
        minItems: CHART_DAYS,
        maxItems: CHART_DAYS,
        description: `The last ${CHART_DAYS} days, today last; days without requests are zeros`,
      },
    ),
  },
  {
    examples: [
      {
        days: [
          { day: '2026-10-26', created: 4, completed_with_help: 2, completed_without_help: 1 },
          { day: '2026-10-27', created: 0, completed_with_help: 1, completed_without_help: 0 },
        ],
      },
    ],
  },
)

export type AdminStats = Static<typeof AdminStats>
export type RequestsPerDay = Static<typeof RequestsPerDay>

const Day = (description: string, example: string) =>
  Type.Optional(Type.String({ description: `${description} (YYYY-MM-DD, Europe/Helsinki)`, examples: [example] }))

/** The dates are checked by the route, so that a wrong one is answered in words rather than a schema error. */
export const RequestsCsvQuery = Type.Object({
  from: Day('First day, inclusive', '2026-01-01'),
  to: Day('Last day, inclusive; at most 366 days after from', '2026-01-31'),
})
