import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { checkReport, fileReport, reportOptions } from '../../domain/moderation/reports.ts'
import { REPORT_DETAILS_MAX, REPORT_REASONS, REPORTS_PER_DAY } from '../../domain/moderation/rules.ts'
import { BEARER_AUTH, ErrorAnswers } from '../../schemas/common.ts'
import { ReportBody, ReportCreated, ReportOptions } from '../../schemas/moderation.ts'
import { RequestParams } from '../../schemas/request.ts'

const documented = (summary: string, description: string) => ({
  tags: ['safety'],
  summary,
  description,
  security: BEARER_AUTH,
})

/**
 * docs/admin.md, "Moderation": a signed-in user reports the owner or the helper of a request to the admins. Rules:
 * server/domain/moderation/reports.ts.
 */
const reportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.authenticate)

  app.post(
    '/api/requests/:id/reports',
    {
      schema: {
        ...documented(
          'Report the owner or the helper of a request',
          '`about: "owner"`: anyone who may see the request but its owner. `about: "responder"`: the owner or an ' +
            'admin, about the current helper or the most recent one after a release or removal (403 for anyone ' +
            `else, 409 when nobody ever helped). \`reason\`: ${REPORT_REASONS.join(', ')}. \`details\`: at most ` +
            `${REPORT_DETAILS_MAX} characters. Yourself, an unknown reason or too long details: 400. The same ` +
            `person on the same request again: 409. At most ${REPORTS_PER_DAY} reports a Helsinki day: 429 with ` +
            'Retry-After. An admin reviews it; the reporter is told the outcome in the app.',
        ),
        params: RequestParams,
        body: ReportBody,
        response: { 201: ReportCreated, ...ErrorAnswers },
      },
    },
    async (request, reply) => {
      const report = checkReport(request.body)
      const reportId = await fileReport(app.sql, request.currentUser, request.params.id, report)
      // The admins' open dashboards show it at once (`reports.changed`, admins only: docs/admin.md, "Moderation").
      await app.events.publish({ type: 'reports' })
      return reply.code(201).send({ report_id: reportId })
    },
  )

  app.get(
    '/api/requests/:id/reports',
    {
      schema: {
        ...documented(
          'Whom the caller may report on this request',
          'For the app\'s "Report" buttons: each person the caller may report (never themselves), by name, and ' +
            'whether they have reported them on this request already. 404 for a request the caller may not see.',
        ),
        params: RequestParams,
        response: { 200: ReportOptions, ...ErrorAnswers },
      },
    },
    async (request) => reportOptions(app.sql, request.currentUser, request.params.id),
  )
}

export default reportRoutes
