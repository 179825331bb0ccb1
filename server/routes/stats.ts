import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { PublicFiguresCache } from '../domain/stats/public-figures.ts'
import { ErrorAnswers } from '../schemas/common.ts'
import { PublicStats } from '../schemas/stats.ts'

/**
 * The figures change slowly and say nothing of the caller: any cache may keep them for five minutes. Each instance
 * builds them at most once a minute (PublicFiguresCache), which is why this public route has no rate limit, like
 * /api/services and /api/config.
 */
const CACHE_CONTROL = 'public, max-age=300'

/** GET /api/stats: how help goes, in public figures (docs/product.md#public-figures). No account needed. */
const statsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const figures = new PublicFiguresCache(app.sql)
  app.get(
    '/api/stats',
    {
      schema: {
        tags: ['stats'],
        summary: 'Public figures of how help goes, over the last 30 days',
        description:
          'Public. Real requests (no test or deleted ones) created on the last 30 Europe/Helsinki days: how many, ' +
          'how many got help, the median times to a helper and to completion, per category and per day. A figure ' +
          'drawn from fewer than `min_requests` requests is null. Built at most once a minute per instance; ' +
          '`Cache-Control: public, max-age=300`.',
        response: { 200: PublicStats, '5xx': ErrorAnswers['5xx'] },
      },
    },
    async (_request, reply) => {
      const answer = await figures.get()
      reply.header('cache-control', CACHE_CONTROL)
      return answer
    },
  )
}

export default statsRoutes
