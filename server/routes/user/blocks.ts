import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import { lift } from '../../domain/blocks/block-changes.ts'
import { blocksBy } from '../../domain/blocks/blocks.ts'
import { BEARER_AUTH, ErrorAnswers, NoBody } from '../../schemas/common.ts'
import { BlockListItem, BlockParams } from '../../schemas/block.ts'

/** The user's own blocks, and lifting one (docs/safety.md, "Blocks"). */
const blockListRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.authenticate)

  app.get(
    '/api/user/blocks',
    {
      schema: {
        tags: ['safety'],
        summary: 'The people the user blocked',
        description: 'Newest first. Never those who blocked the user.',
        security: BEARER_AUTH,
        response: { 200: Type.Array(BlockListItem), ...ErrorAnswers },
      },
    },
    async (request) =>
      (await blocksBy(app.sql, request.currentUser.user_id)).map((block) => ({
        block_id: block.block_id,
        user_name: block.user_name,
        created_at: block.created_at.toISOString(),
      })),
  )

  app.delete(
    '/api/user/blocks/:block_id',
    {
      schema: {
        tags: ['safety'],
        summary: 'Lift a block',
        description: 'Only the blocker: anyone else’s block, like one that does not exist, is 404.',
        security: BEARER_AUTH,
        params: BlockParams,
        response: { 204: NoBody('Lifted.'), ...ErrorAnswers },
      },
    },
    async (request, reply) => {
      await lift(app.events, request.currentUser.user_id, request.params.block_id)
      return reply.code(204).send(null)
    },
  )
}

export default blockListRoutes
