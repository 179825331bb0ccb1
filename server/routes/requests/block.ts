import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { block } from '../../domain/blocks/block-changes.ts'
import { BLOCKS_PER_USER } from '../../domain/blocks/blocks.ts'
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
      const made = await block(
        { events: app.events, push: app.push },
        request.currentUser,
        request.params.id,
        request.body.about,
      )
      return reply.code(201).send({ block_id: made.block_id, user_name: made.user_name })
    },
  )
}

export default blockRoutes
