import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { checkUserSearch, listUsers, setAdminRole, viewPhone } from '../../domain/admin/users.ts'
import {
  AdminUser,
  AdminUserList,
  AdminUserListQuery,
  AdminUserParams,
  PhoneView,
  SetAdminBody,
} from '../../schemas/admin-users.ts'
import { BEARER_AUTH, ErrorAnswers, NoBody } from '../../schemas/common.ts'
import { SUSPENSION_ERRORS } from '../../domain/moderation/suspension-errors.ts'
import { notFound } from '../../errors.ts'

/** /api/admin/users: the dashboard's users section. Admins only (401 without a token, 403 otherwise). */
const adminUserRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const adminOnly = { onRequest: [app.authenticate, app.requireAdmin] }
  const documented = (summary: string, description: string) => ({
    tags: ['admin'],
    summary,
    description,
    security: BEARER_AUTH,
  })

  app.get(
    '/api/admin/users',
    {
      ...adminOnly,
      schema: {
        ...documented(
          'Users, searchable, 50 a page',
          'Newest registration first. q matches part of the user name in any case, literally. No phone numbers.',
        ),
        querystring: AdminUserListQuery,
        response: { 200: AdminUserList, ...ErrorAnswers },
      },
    },
    async (request) => listUsers(app.sql, checkUserSearch(request.query.q), request.query.offset ?? 0),
  )

  app.post(
    '/api/admin/users/:id/phone-view',
    {
      ...adminOnly,
      schema: {
        ...documented(
          "Show a user's phone number (recorded)",
          'Each call records who looked at whose number and when (admin_phone_views) in the statement that reads ' +
            'it. POST because it has an effect: never prefetched or cached (Cache-Control: no-store).',
        ),
        params: AdminUserParams,
        response: { 200: PhoneView, ...ErrorAnswers },
      },
    },
    async (request, reply) => {
      const phone = await viewPhone(app.sql, request.currentUser.user_id, request.params.id)
      reply.header('cache-control', 'no-store')
      return { phone }
    },
  )

  app.put(
    '/api/admin/users/:id/admin',
    {
      ...adminOnly,
      schema: {
        ...documented(
          "Grant or revoke a user's admin role",
          "Not an admin's own role (400). The user's open apps get a user.updated event with the new role at once.",
        ),
        params: AdminUserParams,
        body: SetAdminBody,
        response: { 200: AdminUser, ...ErrorAnswers },
      },
    },
    async (request) => setAdminRole(app.events, request.currentUser.user_id, request.params.id, request.body.is_admin),
  )

  app.delete(
    '/api/admin/users/:id/suspension',
    {
      ...adminOnly,
      schema: {
        ...documented(
          "Lift a user's suspension or ban",
          'The user may log in again at once, and their open requests are shown again (new, without a helper, ' +
            'with no more alert waves). 404 when nothing is in force on the user (docs/accounts.md, "Suspension ' +
            'and ban").',
        ),
        params: AdminUserParams,
        response: { 204: NoBody('Lifted.'), ...ErrorAnswers },
      },
    },
    async (request, reply) => {
      if (!(await app.suspensions.lift(request.params.id, request.currentUser.user_id)))
        throw notFound(SUSPENSION_ERRORS.notSuspended)
      return reply.code(204).send(null)
    },
  )
}

export default adminUserRoutes
