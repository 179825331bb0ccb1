import fp from 'fastify-plugin'
import rateLimit from '@fastify/rate-limit'
import type { Sql } from 'postgres'
import { addressKey } from '../domain/limits/client-address.ts'
import { USER_ERRORS } from '../domain/accounts/errors.ts'

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void
/** What @fastify/rate-limit really passes to a store (its typings say RouteOptions): the merged params with the route. */
type StoreParams = { routeInfo?: { method?: string | string[]; url?: string } }

/**
 * @fastify/rate-limit counting in PostgreSQL, so a per-address limit holds across every instance sharing the
 * database. One upsert checks and counts a request (the row lock of `on conflict` serialises parallel ones).
 * Fixed windows per address and route.
 */
export function postgresRateLimitStore(sql: Sql) {
  return class PostgresRateLimitStore {
    private readonly prefix: string

    constructor(options: object = {}) {
      const route = (options as StoreParams).routeInfo
      this.prefix = route?.url ? `${String(route.method)} ${route.url}|` : 'global|'
    }

    incr(key: string, callback: Callback, timeWindowMs: number): void {
      sql<{ hits: number; ttl: number }[]>`
        insert into rate_limit_counters as c (key, window_ends_at, hits)
        values (${this.prefix + key}, now() + make_interval(secs => ${timeWindowMs / 1000}), 1)
        on conflict (key) do update set
          hits = case when c.window_ends_at <= now() then 1 else c.hits + 1 end,
          window_ends_at = case when c.window_ends_at <= now() then excluded.window_ends_at else c.window_ends_at end
        returning hits, greatest(0, extract(epoch from window_ends_at - now()) * 1000)::float8 as ttl
      `.then(
        ([row]) => callback(null, { current: row!.hits, ttl: row!.ttl }),
        (error: Error) => callback(error),
      )
    }

    child(routeOptions: object) {
      return new PostgresRateLimitStore(routeOptions)
    }
  }
}

/** Per-address limits for the routes that ask for one (`config.rateLimit`); static files and the SPA are never limited. */
export default fp(
  async (app) => {
    await app.register(rateLimit, {
      global: false,
      keyGenerator: (request) => addressKey(request.ip),
      store: postgresRateLimitStore(app.sql),
      errorResponseBuilder: (_request, context) => ({
        statusCode: context.statusCode,
        message: USER_ERRORS.tooManyAttempts,
      }),
    })
  },
  { name: 'rate-limit', dependencies: ['db'] },
)
