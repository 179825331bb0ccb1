import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { alertMore, ALERT_MORE_INTERVAL_SECONDS, progressJson, readProgress } from '../../domain/requests/progress.ts'
import { BEARER_AUTH, ErrorAnswers } from '../../schemas/common.ts'
import { RequestParams } from '../../schemas/request.ts'
import { WaitingProgressSchema } from '../../schemas/waiting-progress.ts'

const documented = (summary: string, description: string) => ({
  tags: ['requests'],
  summary,
  description,
  security: BEARER_AUTH,
})

/**
 * The waiting owner's progress and "Alert more helpers now" (docs/product.md#progress-while-waiting). Rules:
 * domain/requests/progress.ts; the live event: server/events/progress-delivery.ts.
 */
const progressRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.authenticate)

  app.get(
    '/api/requests/:id/progress',
    {
      schema: {
        ...documented(
          'How the search for a helper goes',
          'Counts only, never who: helpers alerted by push, people who opened the request, when the next wave of ' +
            'alerts is due and from when the owner may ask for it at once. The owner and admins; others 403; a ' +
            'request the caller may not see: 404. The owner also hears it live (`request.progress`).',
        ),
        params: RequestParams,
        response: { 200: WaitingProgressSchema, ...ErrorAnswers },
      },
    },
    async (request) => progressJson(await readProgress(app.sql, request.currentUser, request.params.id)),
  )

  app.post(
    '/api/requests/:id/alert-more',
    {
      schema: {
        ...documented(
          'Alert more helpers now',
          'The next wave of alerts goes out at once instead of at its time. The owner only (others 403), while the ' +
            'request waits for its first helper and has helpers left to alert (else 409), at most once per ' +
            `${ALERT_MORE_INTERVAL_SECONDS / 60} minutes counted from the latest wave (else 429 with Retry-After). ` +
            'Answers the progress.',
        ),
        params: RequestParams,
        response: { 202: WaitingProgressSchema, ...ErrorAnswers },
      },
    },
    async (request, reply) => {
      const row = await alertMore(app.sql, request.currentUser, request.params.id)
      // This instance's worker sends the wave now; another instance's finds it due at its next look.
      app.push.wake()
      await app.events.publish({ type: 'progress', requestId: row.request_id, ownerId: row.owner_id })
      return reply.code(202).send(progressJson(row))
    },
  )
}

export default progressRoutes
