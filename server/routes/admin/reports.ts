import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { checkDecision, decide } from '../../domain/moderation/decisions.ts'
import { userHistory } from '../../domain/moderation/history.ts'
import { PHONE_RECORD_KEY_PURPOSE } from '../../domain/moderation/kept-records.ts'
import { listReports, reportById } from '../../domain/moderation/reports.ts'
import { DECISION_REASON_MAX, SUSPENSION_DAYS_MAX } from '../../domain/moderation/rules.ts'
import { AdminUserParams } from '../../schemas/admin-users.ts'
import { BEARER_AUTH, ErrorAnswers } from '../../schemas/common.ts'
import {
  AdminReport,
  AdminReportList,
  AdminReportParams,
  AdminReportQuery,
  DecisionBody,
  UserHistory,
} from '../../schemas/moderation.ts'

/**
 * The dashboard's reports section (docs/admin.md, "Moderation"). Admins only (401 without a token, 403 otherwise);
 * never a phone number.
 */
const adminReportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const adminOnly = { onRequest: [app.authenticate, app.requireAdmin] }
  const recordKey = app.deriveKey(PHONE_RECORD_KEY_PURPOSE)
  const documented = (summary: string, description: string) => ({
    tags: ['admin'],
    summary,
    description,
    security: BEARER_AUTH,
  })

  app.get(
    '/api/admin/reports',
    {
      ...adminOnly,
      schema: {
        ...documented(
          'Reports, open or closed',
          'open (the default): every undecided report, oldest first. closed: the latest 200 decided, latest ' +
            'decision first. With the reported user’s open and total reports.',
        ),
        querystring: AdminReportQuery,
        response: { 200: AdminReportList, ...ErrorAnswers },
      },
    },
    async (request) => listReports(app.sql, request.query.status ?? 'open'),
  )

  app.post(
    '/api/admin/reports/:id/decision',
    {
      ...adminOnly,
      schema: {
        ...documented(
          'Decide a report, with the statement of reasons',
          `action: dismiss, warn, suspend or ban; reason: 1-${DECISION_REASON_MAX} characters (400 without); days: ` +
            `1-${SUSPENSION_DAYS_MAX}, for a suspension only and required there (else 400). Closes the report: a ` +
            'decided one is 409, an unknown one 404, one about the caller 403. The reporter is told the outcome in ' +
            'the app (without the reasons); a warned user is shown the reasons at their next start; a suspension or ' +
            'a ban ends every session of the user at once.',
        ),
        params: AdminReportParams,
        body: DecisionBody,
        response: { 200: AdminReport, ...ErrorAnswers },
      },
    },
    async (request) => {
      const decision = checkDecision(request.body)
      await decide({ events: app.events, push: app.push }, request.currentUser, request.params.id, decision)
      return (await reportById(app.sql, request.params.id))!
    },
  )

  app.get(
    '/api/admin/users/:id/history',
    {
      ...adminOnly,
      schema: {
        ...documented(
          "A user's history, for deciding a report about them",
          'Their requests and take-overs (newest 50 each, deleted requests marked), every report about them with ' +
            'its decision, how many reports they sent, and the reports kept about deleted earlier accounts of their ' +
            'phone number (earlier_reports). 404 for an unknown user. No phone number.',
        ),
        params: AdminUserParams,
        response: { 200: UserHistory, ...ErrorAnswers },
      },
    },
    async (request) => userHistory(app.sql, request.params.id, recordKey),
  )
}

export default adminReportRoutes
