import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { checkThanksText, THANKS_MAX } from '../../domain/requests/thanks-rules.ts'
import { helpedCount, thank, trustFor } from '../../domain/requests/thanks.ts'
import { thanksPushInStatement } from '../../push/thanks-push.ts'
import { BEARER_AUTH, ErrorAnswers } from '../../schemas/common.ts'
import { IdempotencyHeaders, ONCE_PER_KEY } from '../../schemas/idempotency.ts'
import { RequestParams } from '../../schemas/request.ts'
import { HelpedCount, ThanksBody, ThanksSchema, TrustSchema } from '../../schemas/thanks.ts'

const documented = (summary: string, description: string) => ({
  tags: ['thanks'],
  summary,
  description,
  security: BEARER_AUTH,
})

/**
 * docs/product.md#thanks-and-helped-counts: the owner's thank-you and the helped counts. Rules:
 * server/domain/requests/thanks.ts.
 */
const thanksRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.authenticate)

  app.post(
    '/api/requests/:id/thanks',
    {
      schema: {
        ...documented(
          'Thank the helper',
          `Once per request, by its owner, after marking it ready with "help received" while someone helped. 1-${THANKS_MAX} ` +
            "characters of the description's set. Others: 403; not completed, no help received, no helper at " +
            'completion, or thanked already: 409. The helper hears of it live (`thanks.received`) and by push. ' +
            ONCE_PER_KEY,
        ),
        params: RequestParams,
        headers: IdempotencyHeaders,
        body: ThanksBody,
        response: { 201: ThanksSchema, ...ErrorAnswers },
      },
    },
    async (request, reply) => {
      const text = checkThanksText(request.body.text)
      // Sent again with its key after a lost answer, it thanks nobody twice (docs/requests.md, "Sent once").
      return app.answerOnce(request, reply, 201, async (transaction) => {
        const context = { transaction, pushInStatement: thanksPushInStatement, wake: () => app.push.wake() }
        return thank(context, request.currentUser, request.params.id, text)
      })
    },
  )

  app.get(
    '/api/requests/:id/thanks',
    {
      schema: {
        ...documented(
          'The thank-you and the helper’s helped count',
          'Shown in the request detail: the count to whoever sees the helper’s name, the thank-you to the owner ' +
            'and the helper it thanks. 404 for a request the caller may not see.',
        ),
        params: RequestParams,
        response: { 200: TrustSchema, ...ErrorAnswers },
      },
    },
    async (request) => trustFor(app.sql, request.currentUser, request.params.id),
  )

  app.get(
    '/api/user/helped',
    {
      schema: {
        ...documented(
          'How many cyclists the caller has helped',
          'Distinct owners who marked a real request "help received" with the caller as its helper. Counts only.',
        ),
        response: { 200: HelpedCount, ...ErrorAnswers },
      },
    },
    async (request) => ({ helped: await helpedCount(app.sql, request.currentUser.user_id) }),
  )
}

export default thanksRoutes
