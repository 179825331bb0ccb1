import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { changePassword, deleteAccount, resetPassword } from '../../domain/accounts/account-changes.ts'
import { admitLoginAttempt } from '../../domain/limits/login-throttle.ts'
import { hashPassword, passwordMatches } from '../../domain/accounts/passwords.ts'
import { normalisePhone } from '../../domain/accounts/phone.ts'
import { USER_ERRORS } from '../../domain/accounts/errors.ts'
import { checkNewPassword, checkRadius, checkUserName, requireFilled } from '../../domain/accounts/rules.ts'
import { toPublicUser, updateUser, userByPhone } from '../../domain/accounts/users.ts'
import { badRequest, unauthorized } from '../../errors.ts'
import { BEARER_AUTH, ErrorAnswers, Message, NoBody } from '../../schemas/common.ts'
import {
  LanguageBody,
  MessageAndUser,
  NewPasswordBody,
  NewPasswordParams,
  PasswordBody,
  RadiusBody,
  UserAnswer,
  UsernameBody,
} from '../../schemas/user.ts'
import { accountRateLimit } from '../rate-limits.ts'
import type { Config } from '../../config.ts'
import { PHONE_RECORD_KEY_PURPOSE } from '../../domain/moderation/kept-records.ts'
import type { UserRow } from '../../domain/accounts/rows.ts'

/** The account's own settings (docs/product.md#accounts) and the password reset that ends a forgotten password. */
const accountRoutes: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  const limited = accountRateLimit(config)
  const recordKey = app.deriveKey(PHONE_RECORD_KEY_PURPOSE)
  /** The row after an update of the caller's own account; it can only be gone if deleted meanwhile. */
  const updated = (row: UserRow | undefined): UserRow => {
    if (!row) throw unauthorized('Session ended, log in again')
    return row
  }

  app.put(
    '/api/user/username',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['accounts'],
        summary: 'Change the user name',
        security: BEARER_AUTH,
        body: UsernameBody,
        response: { 200: MessageAndUser, ...ErrorAnswers },
      },
      // Its "Username already taken" answers whether a name exists, like check-username: the same per-address limit.
      config: limited,
    },
    async (request) => {
      const userName = checkUserName(request.body.user_name)
      const user = updated(await updateUser(app.sql, request.currentUser.user_id, { user_name: userName }))
      // Every instance answers with the new name from now on (the session cache), and the user's other apps hear it.
      await app.events.publish({ type: 'user', userId: user.user_id })
      return { message: 'Username updated', user: toPublicUser(user) }
    },
  )

  app.put(
    '/api/user/radius',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['accounts'],
        summary: 'Change the radius (km) of requests the user hears of',
        security: BEARER_AUTH,
        body: RadiusBody,
        response: { 200: UserAnswer, ...ErrorAnswers },
      },
    },
    async (request) => {
      const user = updated(
        await updateUser(app.sql, request.currentUser.user_id, { radius: checkRadius(request.body.radius) }),
      )
      await app.events.publish({ type: 'user', userId: user.user_id })
      return { user: toPublicUser(user) }
    },
  )

  app.put(
    '/api/user/language',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['accounts'],
        summary: 'Change the language of SMS and push texts',
        security: BEARER_AUTH,
        body: LanguageBody,
        response: { 200: UserAnswer, ...ErrorAnswers },
      },
    },
    async (request) => {
      const user = updated(await updateUser(app.sql, request.currentUser.user_id, { language: request.body.language }))
      await app.events.publish({ type: 'user', userId: user.user_id })
      return { user: toPublicUser(user) }
    },
  )

  app.put(
    '/api/user/password',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['accounts'],
        summary: 'Change the password; the other sessions end',
        security: BEARER_AUTH,
        body: PasswordBody,
        response: { 200: Message, ...ErrorAnswers },
      },
    },
    async (request) => {
      const { oldPassword, newPassword } = request.body
      requireFilled(oldPassword, newPassword)
      const user = request.currentUser
      // A stolen access token must not become a way to guess the password: same budget as logins.
      const accountKey = `user:${user.user_id}`
      const attempt = await admitLoginAttempt(app.sql, accountKey, request.ip)
      if (!(await passwordMatches(oldPassword, user.password_hash))) throw badRequest(USER_ERRORS.incorrectPassword)
      await attempt.succeeded()
      const passwordHash = await hashPassword(checkNewPassword(newPassword))
      await changePassword(app.events, user.user_id, request.sessionId, passwordHash)
      return { message: 'Password changed' }
    },
  )

  app.put(
    '/api/user/:phone/newpassword',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Reset a forgotten password with a proof of the phone number',
        description: 'Needs the idToken of the number (purpose reset); every session of the account ends.',
        params: NewPasswordParams,
        body: NewPasswordBody,
        response: { 200: Message, ...ErrorAnswers },
      },
      config: limited,
    },
    async (request) => {
      const { newPassword, idToken } = request.body
      requireFilled(newPassword, idToken)
      const phone = normalisePhone(request.params.phone)
      const password = checkNewPassword(newPassword)
      // Cheap checks first, the costly hash last: without a valid proof nobody makes this server hash anything.
      // A reset code is texted only to a number with an account, and an unknown number gets the same answer as a
      // bad proof.
      const proof = await app.phoneVerification.proveIdToken(idToken, phone, 'reset')
      const user = await userByPhone(app.sql, phone)
      if (!user) throw badRequest(USER_ERRORS.invalidCode)
      const passwordHash = await hashPassword(password)
      await resetPassword(app.events, user.user_id, passwordHash, (tx) => app.phoneVerification.spendProof(tx, proof))
      return { message: 'Password updated' }
    },
  )

  app.delete(
    '/api/user',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['accounts'],
        summary: 'Delete the account',
        description:
          "The user's own requests are deleted and their offers of help withdrawn. Reports about the user, their " +
          "decisions, suspensions and bans, and admins' looks at their number are kept for MODERATION_RECORD_DAYS, " +
          'tied to a keyed hash of the phone number (docs/adr/0018-moderation-records-by-phone-key.md).',
        security: BEARER_AUTH,
        response: { 204: NoBody('The account is gone and the refresh cookie cleared.'), ...ErrorAnswers },
      },
    },
    async (request, reply) => {
      await deleteAccount({ events: app.events, push: app.push }, request.currentUser, recordKey)
      app.clearRefreshCookie(request, reply)
      return reply.code(204).send(null)
    },
  )
}

export default accountRoutes
