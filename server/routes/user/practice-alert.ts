import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import { PRACTICE_ALERTS_PER_HOUR, sendPracticeAlert } from '../../push/practice.ts'
import { BEARER_AUTH, ErrorAnswers } from '../../schemas/common.ts'

/** "Send me a practice alert" (Settings → Notifications; docs/live-and-push.md, "Practice alert"). */
const practiceAlertRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/user/test-alert',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['push'],
        summary: 'Send a practice alert to my devices',
        description:
          "A push to every one of the user's subscribed devices, titled as practice, that asks for a receipt like " +
          'an alert; a tap opens the app with the time it was sent (`/?practice=<ms>`). 202 once queued; 409 ' +
          `without any push subscription; at most ${PRACTICE_ALERTS_PER_HOUR} an hour (429 with Retry-After).`,
        security: BEARER_AUTH,
        response: {
          202: Type.Object(
            { devices: Type.Integer({ minimum: 1, description: 'How many devices the practice alert goes to.' }) },
            { examples: [{ devices: 1 }] },
          ),
          ...ErrorAnswers,
        },
      },
    },
    async (request, reply) => {
      const devices = await sendPracticeAlert(app.sql, request.currentUser.user_id)
      // Committed: this instance's worker sends it now (the others would find it at their next look).
      app.push.wake()
      return reply.code(202).send({ devices })
    },
  )
}

export default practiceAlertRoutes
