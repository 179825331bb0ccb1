import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { notFound } from '../errors.ts'
import { PUSH_ERRORS } from '../push/errors.ts'
import { confirmReceipt } from '../push/receipts.ts'
import { ErrorAnswers, NoBody } from '../schemas/common.ts'
import { ReceiptParams } from '../schemas/push-receipts.ts'
import { receiptRateLimit } from './rate-limits.ts'

/**
 * Receipts of alerts (docs/live-and-push.md, "Receipts"; docs/adr/0016-alert-receipts.md): the service worker that
 * showed an alert confirms it with the token the push carried. No session: a phone whose app is logged out or whose
 * token expired still proves that its alerts arrive, and the call carries nothing about the user.
 */
const pushReceiptRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/push/receipts/:receipt',
    {
      config: receiptRateLimit,
      schema: {
        tags: ['push'],
        summary: 'Confirm that an alert reached this device',
        description:
          'Sent by the service worker as it shows a push that carries a `receipt`. No session needed. Idempotent: ' +
          'a repeat changes nothing and answers 204 too. 404 for a token no push carried (or a receipt older than ' +
          '30 days). At most 600 a minute per address (429).',
        params: ReceiptParams,
        response: { 204: NoBody('Confirmed (now or before).'), ...ErrorAnswers },
      },
    },
    async (request, reply) => {
      const confirmed = await confirmReceipt(app.sql, request.params.receipt)
      if (!confirmed.known) throw notFound(PUSH_ERRORS.unknownReceipt)
      // The waiting owner's "reached" grew: told like a wave (every instance tells the owner's sockets it holds).
      if (confirmed.progress) await app.events.publish({ type: 'progress', ...confirmed.progress })
      return reply.code(204).send(null)
    },
  )
}

export default pushReceiptRoutes
