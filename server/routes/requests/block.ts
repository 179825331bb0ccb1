import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { blockFromRequest, BLOCKS_PER_USER } from '../../domain/blocks/blocks.ts'
import { changeSeveral, type Told } from '../../domain/requests/change.ts'
import type { RequestRole } from '../../domain/requests/people.ts'
import { BEARER_AUTH, ErrorAnswers } from '../../schemas/common.ts'
import { BlockBody, BlockSchema } from '../../schemas/block.ts'
import { RequestParams } from '../../schemas/request.ts'

/** Blocking someone met through a request (docs/safety.md, "Blocks"). Rules: server/domain/blocks/blocks.ts. */
const blockRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.authenticate)

  app.post(
    '/api/requests/:id/block',
    {
      schema: {
        tags: ['safety'],
        summary: 'Block the owner or the helper of a request',
        description:
          '`owner`: anyone who can see the request but its owner; `responder`: its owner or an admin, about the ' +
          'current helper or the most recent one (the rule of reports too; the request’s `mayActAbout` lists whom ' +
          'the caller may block). Works both ways until the blocker lifts it: neither sees, takes over, ' +
          'hears of or writes about the other’s requests, and a response running between them ends as a final ' +
          'removal. Blocking the same person again answers the same block. An unknown `about` or self: 400; anyone ' +
          `else about the helper: 403; nobody helped yet: 409; more than ${BLOCKS_PER_USER} blocks: 409.`,
        security: BEARER_AUTH,
        params: RequestParams,
        body: BlockBody,
        response: { 201: BlockSchema, ...ErrorAnswers },
      },
    },
    async (request, reply) => {
      const block = await changeSeveral({ events: app.events, push: app.push }, async (tx) => {
        const made = await blockFromRequest(tx, request.currentUser, request.params.id, request.body.about)
        // Both users' block sets changed: every instance reloads them (server/events/hub.ts reloadUser), their open
        // apps fetch their lists again, and the session copies holding the old sets go.
        return {
          result: made,
          changes: made.ended.map(toldOfEnd),
          changedUsers: [request.currentUser.user_id, made.blockedId],
        }
      })
      return reply.code(201).send({ block_id: block.block_id, user_name: block.user_name })
    },
  )
}

/**
 * A response a block ended, told as the release or removal it is. The helper who blocked an owner leaves them
 * waiting: the owner is told by push as after a release. An owner who blocked their helper sends the helper nothing.
 */
function toldOfEnd(end: { requestId: number; previousResponderId: number; removedBy: RequestRole }): Told {
  return {
    requestId: end.requestId,
    previousResponderId: end.previousResponderId,
    removedBy: end.removedBy,
    hiddenFrom: end.previousResponderId,
    endsResponse: true,
    ...(end.removedBy === 'responder' ? { push: 'released' as const } : {}),
  }
}

export default blockRoutes
