import { Type } from '@sinclair/typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { requestFigures, requestsPerDay, userFigures } from '../../domain/admin/stats.ts'
import { checkExportPeriod, requestsCsv } from '../../domain/admin/request-export.ts'
import { liveCounts } from '../../events/live-stats.ts'
import { AdminStats, RequestsCsvQuery, RequestsPerDay } from '../../schemas/admin.ts'
import { BEARER_AUTH, ErrorAnswers } from '../../schemas/common.ts'

/** /api/admin: the dashboard's figures, its chart and the request export. Admins only (401 without a token, 403 otherwise). */
const adminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/admin/stats',
    {
      onRequest: [app.authenticate, app.requireAdmin],
      schema: {
        tags: ['admin'],
        summary: 'Figures for the admin dashboard',
        description:
          'Users, real requests (test and deleted ones left out; "today" is the Europe/Helsinki day, 30 days ' +
          'counted back from now) and the event streams connected to all instances.',
        security: BEARER_AUTH,
        response: { 200: AdminStats, ...ErrorAnswers },
      },
    },
    async () => {
      // This instance's own counts are written first, so they are exact even before its next timed report.
      await app.events.live.report()
      const [users, requests, live] = await Promise.all([
        userFigures(app.sql),
        requestFigures(app.sql),
        liveCounts(app.sql),
      ])
      return { users, requests, live }
    },
  )

  app.get(
    '/api/admin/requests-per-day',
    {
      onRequest: [app.authenticate, app.requireAdmin],
      schema: {
        tags: ['admin'],
        summary: 'Requests per day over the last 30 days, for the dashboard chart',
        description:
          'Real requests (test and deleted ones left out) on each of the last 30 Europe/Helsinki days, today ' +
          'last: created that day, and completed that day with and without help. Every day is present.',
        security: BEARER_AUTH,
        response: { 200: RequestsPerDay, ...ErrorAnswers },
      },
    },
    async () => ({ days: await requestsPerDay(app.sql) }),
  )

  app.get(
    '/api/admin/requests.csv',
    {
      onRequest: [app.authenticate, app.requireAdmin],
      schema: {
        tags: ['admin'],
        summary: 'The requests of a period as CSV',
        description:
          'Requests created on the Europe/Helsinki days from..to (both inclusive, at most 366 days), test ' +
          'requests included and marked, deleted ones left out. UTF-8 with a byte order mark, a header row, ' +
          'RFC 4180 quoting; owner and helper are user names, never phone numbers.',
        security: BEARER_AUTH,
        querystring: RequestsCsvQuery,
        response: {
          200: {
            description: 'The CSV file (Content-Disposition: attachment)',
            content: { 'text/csv': { schema: Type.String() } },
          },
          ...ErrorAnswers,
        },
      },
    },
    async (request, reply) => {
      const period = checkExportPeriod(request.query.from, request.query.to)
      const body = await requestsCsv(app.sql, period)
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="requests-${period.from}-${period.to}.csv"`)
        .send(body)
    },
  )
}

export default adminRoutes
