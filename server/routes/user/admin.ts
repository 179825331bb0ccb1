import { Type } from '@sinclair/typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { countUsers } from '../../domain/users.ts'
import { Message } from '../../schemas/user.ts'

const adminUserRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/user/user-count',
    {
      preHandler: [app.authenticate, app.requireAdmin],
      schema: { response: { 200: Type.Object({ userCount: Type.Integer() }), '4xx': Message } },
    },
    async () => ({ userCount: await countUsers(app.sql) }),
  )
}

export default adminUserRoutes
