import { Type } from '@sinclair/typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { admitLoginAttempt } from '../../domain/login-throttle.ts'
import { passwordMatches } from '../../domain/passwords.ts'
import { phoneOrUndefined } from '../../domain/phone.ts'
import { revokeSession, revokeSessionOfRefreshToken, rotateRefreshToken, startSession } from '../../domain/sessions.ts'
import { USER_MESSAGES } from '../../domain/user-messages.ts'
import { requireFilled } from '../../domain/user-rules.ts'
import { toPublicUser, userById, userByIdentifier } from '../../domain/users.ts'
import { unauthorized } from '../../errors.ts'
import { REFRESH_COOKIE, type AccessTokenPayload } from '../../plugins/auth.ts'
import { LoginBody, Message, PublicUser, SessionAnswer, UserAnswer } from '../../schemas/user.ts'
import { accountRateLimit } from '../rate-limits.ts'
import type { Config } from '../../config.ts'

const sessionRoutes: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  const limited = accountRateLimit(config)
  app.post(
    '/api/user/login',
    {
      schema: { body: LoginBody, response: { 200: SessionAnswer, '4xx': Message } },
      config: limited,
    },
    async (request, reply) => {
      const { identifier, password } = request.body
      requireFilled(identifier, password)
      const name = identifier.trim()
      const phone = phoneOrUndefined(name)
      const user = await userByIdentifier(app.sql, name, phone)
      // Guesses count against the account however it is named (user name or any way of writing the phone).
      const accountKey = user ? `user:${user.user_id}` : `unknown:${(phone ?? name).toLowerCase()}`
      const attempt = await admitLoginAttempt(app.sql, accountKey, request.ip)
      if (!(await passwordMatches(password, user?.password_hash)) || !user)
        throw unauthorized(USER_MESSAGES.invalidLogin)
      await attempt.succeeded()
      const session = await startSession(app.sql, user.user_id)
      app.setRefreshCookie(request, reply, session)
      return { token: app.accessTokenFor(user, session.sessionId), user: toPublicUser(user) }
    },
  )

  app.post(
    '/api/user/refresh-token',
    { schema: { response: { 200: Type.Object({ accessToken: Type.String(), user: PublicUser }), '4xx': Message } } },
    async (request, reply) => {
      const presented = request.cookies[REFRESH_COOKIE]
      if (!presented) throw unauthorized('No session, log in again')
      try {
        // A reused token ends its session: that session's live streams close on every instance.
        const rotated = await rotateRefreshToken(app.sql, presented, (userId) =>
          app.events.publish({ type: 'user', userId }),
        )
        const user = await userById(app.sql, rotated.userId)
        if (!user) throw unauthorized('Session expired, log in again')
        app.setRefreshCookie(request, reply, rotated)
        return { accessToken: app.accessTokenFor(user, rotated.sessionId), user: toPublicUser(user) }
      } catch (error) {
        app.clearRefreshCookie(request, reply)
        throw error
      }
    },
  )

  /** Works with an expired access token too: the cookie names the session. */
  app.post('/api/user/logout', { schema: { response: { 204: Type.Null() } } }, async (request, reply) => {
    const payload = await request.jwtVerify<AccessTokenPayload>().catch(() => undefined)
    const ended = new Set<number | undefined>()
    if (payload?.sid) ended.add(await revokeSession(app.sql, payload.sid, 'logout'))
    const presented = request.cookies[REFRESH_COOKIE]
    if (presented) ended.add(await revokeSessionOfRefreshToken(app.sql, presented, 'logout'))
    // The ended session's live streams close on every instance.
    for (const userId of ended) if (userId !== undefined) await app.events.publish({ type: 'user', userId })
    app.clearRefreshCookie(request, reply)
    return reply.code(204).send(null)
  })

  app.get(
    '/api/user/protected-route',
    { preHandler: app.authenticate, schema: { response: { 200: UserAnswer, '4xx': Message } } },
    async (request) => ({ user: toPublicUser(request.currentUser) }),
  )
}

export default sessionRoutes
