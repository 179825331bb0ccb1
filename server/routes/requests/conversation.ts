import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { checkMessageText, MESSAGES_PER_HOUR } from '../../domain/conversation/rules.ts'
import { conversationMessageFor, readConversation, unreadCounts } from '../../domain/conversation/conversation.ts'
import { markRead, sendMessage } from '../../domain/conversation/message-changes.ts'
import { messagePushInStatement } from '../../push/message-push.ts'
import { BEARER_AUTH, ErrorAnswers, NoBody } from '../../schemas/common.ts'
import {
  ConversationMessageSchema,
  ConversationSchema,
  MessageBody,
  ReadBody,
  UnreadCounts,
} from '../../schemas/conversation.ts'
import { IdempotencyHeaders, ONCE_PER_KEY } from '../../schemas/idempotency.ts'
import { RequestParams } from '../../schemas/request.ts'

const documented = (summary: string, description?: string) => ({
  tags: ['messages'],
  summary,
  ...(description ? { description } : {}),
  security: BEARER_AUTH,
})

/**
 * The conversation (docs/product.md#conversation) between a request's owner and its current helper. Rules:
 * server/domain/conversation/conversation.ts.
 */
const conversationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.authenticate)

  app.get(
    '/api/requests/:id/messages',
    {
      schema: {
        ...documented(
          "The request's messages",
          'The owner reads every conversation of their request, the current helper their own, admins all ' +
            '(read only). A former helper and everyone else: 403; a request the caller may not see: 404.',
        ),
        params: RequestParams,
        response: { 200: ConversationSchema, ...ErrorAnswers },
      },
    },
    async (request) => {
      const { access, messages, lastReadId } = await readConversation(app.sql, request.currentUser, request.params.id)
      return { messages: messages.map(conversationMessageFor), readOnly: access.readOnly, lastReadId }
    },
  )

  app.post(
    '/api/requests/:id/messages',
    {
      schema: {
        ...documented(
          'Send a message',
          'Owner and current helper, while the request is in progress (else 409; admins 403). 1-500 characters ' +
            `of the description's set. At most ${MESSAGES_PER_HOUR} per user and request in any hour (429). The ` +
            'other participant hears of it live (`message.created`), or by push after a short wait if they have not ' +
            'seen it by then. ' +
            ONCE_PER_KEY,
        ),
        params: RequestParams,
        headers: IdempotencyHeaders,
        body: MessageBody,
        response: { 201: ConversationMessageSchema, ...ErrorAnswers },
      },
    },
    async (request, reply) => {
      const text = checkMessageText(request.body.text)
      // Sent again with its key after a lost answer, it posts nothing new (docs/requests.md, "Sent once").
      return app.answerOnce(request, reply, 201, async (transaction) => {
        const context = {
          transaction,
          pushInStatement: messagePushInStatement,
          // The push is due after its delay: the worker then sleeps until it, not its longest nap.
          wakeForDelayed: () => app.push.queue.wake(false),
        }
        return sendMessage(context, request.currentUser, request.params.id, text)
      })
    },
  )

  app.put(
    '/api/requests/:id/messages/read',
    {
      schema: {
        ...documented(
          'Mark the conversation read up to a message',
          'Sent while the conversation is on screen: the unread count drops and pending pushes of those messages ' +
            'are not sent. Participants only.',
        ),
        params: RequestParams,
        body: ReadBody,
        response: { 204: NoBody('Marked.'), ...ErrorAnswers },
      },
    },
    async (request, reply) => {
      await markRead(app.sql, request.currentUser, request.params.id, request.body.lastReadId)
      return reply.code(204).send(null)
    },
  )

  app.get(
    '/api/messages/unread',
    {
      schema: {
        ...documented(
          'Unread messages per request',
          "On the caller's own requests and on the one they help with now; requests without any are left out.",
        ),
        response: { 200: UnreadCounts, ...ErrorAnswers },
      },
    },
    async (request) => unreadCounts(app.sql, request.currentUser),
  )
}

export default conversationRoutes
