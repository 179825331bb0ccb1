import { Type } from '@sinclair/typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { countUsers } from '../../domain/accounts/users.ts'
import { BEARER_AUTH, ErrorAnswers } from '../../schemas/common.ts'

const adminUserRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/user/user-count',
    {
      onRequest: [app.authenticate, app.requireAdmin],
      schema: {
        tags: ['admin', 'accounts'],
        summary: 'How many users there are',
        security: BEARER_AUTH,
        response: {
          200: Type.Object({ userCount: Type.Integer() }, { examples: [{ userCount: 1250 }] }),
          ...ErrorAnswers,
        },
      },
    },
    async () => ({ userCount: await countUsers(app.sql) }),
  )
}

export default adminUserRoutes
