import { Type } from '@sinclair/typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { subscribe, unsubscribe } from '../domain/accounts/push-subscriptions.ts'
import { badRequest } from '../errors.ts'
import { maskEndpoint } from '../logging.ts'
import { subscriptionCheck } from '../push/receipts.ts'
import { BEARER_AUTH, ErrorAnswers, Message } from '../schemas/common.ts'
import { SubscriptionCheck } from '../schemas/push-receipts.ts'

const PUSH_ENDPOINT = 'https://fcm.googleapis.com/fcm/send/fXk3Lw0pQe8:APA91bH-example'
const Endpoint = Type.String({ pattern: '^https://', maxLength: 2048, examples: [PUSH_ENDPOINT] })
const PushSubscriptionJson = Type.Object({
  endpoint: Endpoint,
  keys: Type.Object({ p256dh: Type.String({ maxLength: 200 }), auth: Type.String({ maxLength: 100 }) }),
})
const EXAMPLE_SUBSCRIPTION = {
  endpoint: PUSH_ENDPOINT,
  keys: {
    p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    auth: 'tBHItJI5svbpez7KI4CCXg',
  },
}
/** The contract sends `{subscription: {...}}`; a bare PushSubscription (its toJSON()) is accepted too. */
const SubscribeBody = Type.Union([Type.Object({ subscription: PushSubscriptionJson }), PushSubscriptionJson], {
  examples: [{ subscription: EXAMPLE_SUBSCRIPTION }],
})

/** Web push subscriptions (docs/product.md#live-updates-and-push), one per browser; a user may have several devices. */
const subscriptionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.authenticate)

  app.get(
    '/api/subscriptions/check-subscription',
    {
      schema: {
        tags: ['push'],
        summary: "Is this browser's push subscription the user's, and when did an alert last reach it?",
        security: BEARER_AUTH,
        querystring: Type.Object({ endpoint: Type.String({ maxLength: 2048, examples: [PUSH_ENDPOINT] }) }),
        response: { 200: SubscriptionCheck, ...ErrorAnswers },
      },
    },
    async (request) => {
      const row = await subscriptionCheck(app.sql, request.currentUser.user_id, request.query.endpoint)
      return { isSubscribed: row !== undefined, lastReachedAt: row?.last_reached_at?.toISOString() ?? null }
    },
  )

  app.post(
    '/api/subscriptions/subscribe',
    {
      schema: {
        tags: ['push'],
        summary: "Subscribe this browser to the user's pushes",
        description: 'Only push services allowed by PUSH_ENDPOINT_HOSTS are accepted.',
        security: BEARER_AUTH,
        body: SubscribeBody,
        response: { 201: Message, ...ErrorAnswers },
      },
    },
    async (request, reply) => {
      const { endpoint, keys } = 'subscription' in request.body ? request.body.subscription : request.body
      // The server will connect to this URL: only real push services (PUSH_ENDPOINT_HOSTS), never internal addresses.
      const refused = await app.push.policy.subscribeRefusal(endpoint)
      if (refused) {
        request.log.info({ endpoint: maskEndpoint(endpoint), reason: refused }, 'push subscription refused')
        throw badRequest('This push service is not supported')
      }
      await subscribe(app.sql, request.currentUser.user_id, endpoint, keys)
      return reply.code(201).send({ message: 'Subscribed' })
    },
  )

  app.post(
    '/api/subscriptions/unsubscribe',
    {
      schema: {
        tags: ['push'],
        summary: 'Unsubscribe this browser',
        security: BEARER_AUTH,
        body: Type.Object({ endpoint: Type.String({ maxLength: 2048 }) }, { examples: [{ endpoint: PUSH_ENDPOINT }] }),
        response: { 200: Message, ...ErrorAnswers },
      },
    },
    async (request) => {
      await unsubscribe(app.sql, request.currentUser.user_id, request.body.endpoint)
      return { message: 'Unsubscribed' }
    },
  )
}

export default subscriptionRoutes
