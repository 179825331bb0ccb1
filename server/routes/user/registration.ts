import { Type } from '@sinclair/typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { hashPassword } from '../../domain/accounts/passwords.ts'
import { normalisePhone } from '../../domain/accounts/phone.ts'
import { register } from '../../domain/accounts/account-changes.ts'
import {
  checkNewPassword,
  checkOptionalLocation,
  checkRadius,
  checkUserName,
  languageFromAcceptLanguage,
  requireFilled,
} from '../../domain/accounts/rules.ts'
import { phoneRegistered, toPublicUser, userNameTaken } from '../../domain/accounts/users.ts'
import { ErrorAnswers } from '../../schemas/common.ts'
import { CheckPhoneBody, CheckUsernameBody, RegisterBody, SessionAnswer } from '../../schemas/user.ts'
import { accountRateLimit } from '../rate-limits.ts'
import type { Config } from '../../config.ts'
import { PHONE_RECORD_KEY_PURPOSE } from '../../domain/moderation/kept-records.ts'

const registrationRoutes: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  const limited = accountRateLimit(config)
  const recordKey = app.deriveKey(PHONE_RECORD_KEY_PURPOSE)
  app.post(
    '/api/user/check-username',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Is a user name free?',
        body: CheckUsernameBody,
        response: {
          200: Type.Object({ available: Type.Boolean() }, { examples: [{ available: true }] }),
          ...ErrorAnswers,
        },
      },
      config: limited,
    },
    async (request) => ({ available: !(await userNameTaken(app.sql, checkUserName(request.body.user_name))) }),
  )

  app.post(
    '/api/user/check-phone',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Is a phone number free (availability), or does it have an account (exists)?',
        body: CheckPhoneBody,
        response: {
          200: Type.Union([Type.Object({ available: Type.Boolean() }), Type.Object({ exists: Type.Boolean() })], {
            examples: [{ available: false }, { exists: true }],
          }),
          ...ErrorAnswers,
        },
      },
      config: limited,
    },
    async (request) => {
      const registered = await phoneRegistered(app.sql, normalisePhone(request.body.phone))
      return request.body.checkType === 'exists' ? { exists: registered } : { available: !registered }
    },
  )

  app.post(
    '/api/user/register',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Register: a new account, logged in',
        description:
          'Needs the idToken of a verified phone number. Answers an access token and sets the refresh cookie. 403 ' +
          'while a deleted account of the number is banned or suspended (docs/accounts.md, "Suspension and ban").',
        body: RegisterBody,
        response: { 201: SessionAnswer, ...ErrorAnswers },
      },
      config: limited,
    },
    async (request, reply) => {
      const body = request.body
      requireFilled(body.user_name, body.phone, body.password, body.radius, body.idToken)
      const userName = checkUserName(body.user_name)
      const phone = normalisePhone(body.phone)
      const password = checkNewPassword(body.password)
      const radius = checkRadius(body.radius)
      const location = checkOptionalLocation(body.latitude, body.longitude)
      const language = body.language ?? languageFromAcceptLanguage(request.headers['accept-language'])
      // The proof is checked before the costly hash, and spent in the same transaction as the insert: a taken user
      // name leaves it usable for a retry.
      const proof = await app.phoneVerification.proveIdToken(body.idToken, phone, 'register')
      const passwordHash = await hashPassword(password)
      const { user, session } = await register(
        app.sql,
        { userName, phone, passwordHash, radius, language, location },
        recordKey,
        (tx) => app.phoneVerification.spendProof(tx, proof),
      )
      app.setRefreshCookie(request, reply, session)
      return reply.code(201).send({ token: app.accessTokenFor(user, session.sessionId), user: toPublicUser(user) })
    },
  )
}

export default registrationRoutes
