import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { markNoticeSeen, unseenNotices } from '../../domain/moderation/notices.ts'
import { BEARER_AUTH, ErrorAnswers, NoBody } from '../../schemas/common.ts'
import { NoticeList, NoticeParams } from '../../schemas/moderation.ts'

/**
 * The user's notices of moderation decisions (docs/admin.md, "Moderation"): shown at the next start, and live
 * (`notices.changed`) while the app is open, until acknowledged. Rules: server/domain/moderation/notices.ts.
 */
const noticeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.authenticate)
  const documented = (summary: string, description: string) => ({
    tags: ['accounts', 'safety'],
    summary,
    description,
    security: BEARER_AUTH,
  })

  app.get(
    '/api/user/notices',
    {
      schema: {
        ...documented(
          'Notices of moderation decisions, not acknowledged yet',
          'warning: an admin warned the caller, with the statement of reasons. report_reviewed: a report the ' +
            'caller sent was decided, with what was done (nothing about the other person beyond that).',
        ),
        response: { 200: NoticeList, ...ErrorAnswers },
      },
    },
    async (request) => unseenNotices(app.sql, request.currentUser.user_id),
  )

  app.post(
    '/api/user/notices/:id/seen',
    {
      schema: {
        ...documented('Acknowledge a notice', 'It is not listed again. Someone else’s notice, or none: 404.'),
        params: NoticeParams,
        response: { 204: NoBody('Acknowledged'), ...ErrorAnswers },
      },
    },
    async (request, reply) => {
      await markNoticeSeen(app.sql, request.currentUser.user_id, request.params.id)
      return reply.code(204).send(null)
    },
  )
}

export default noticeRoutes
