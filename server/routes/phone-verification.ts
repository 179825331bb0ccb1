import { Type } from '@sinclair/typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { normalisePhone } from '../domain/phone.ts'
import { USER_MESSAGES } from '../domain/user-messages.ts'
import { languageFromAcceptLanguage } from '../domain/user-rules.ts'
import { phoneRegistered } from '../domain/users.ts'
import { conflict, notFound } from '../errors.ts'
import { Message, SendCodeBody, VerifyCodeBody } from '../schemas/user.ts'
import { accountRateLimit } from './rate-limits.ts'
import type { Config } from '../config.ts'

/** Local mode's "SMS code, then idToken" (SPEC 7); in Firebase mode the SPA talks to Firebase instead. */
const phoneVerificationRoutes: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  const limited = accountRateLimit(config)
  app.post(
    '/api/phone-verification/send',
    { schema: { body: SendCodeBody, response: { 202: Type.Object({ resendAfter: Type.Integer() }), '4xx': Message } } },
    async (request, reply) => {
      const phone = normalisePhone(request.body.phone)
      const registered = await phoneRegistered(app.sql, phone)
      if (request.body.purpose === 'register' && registered) throw conflict(USER_MESSAGES.phoneExists)
      if (request.body.purpose === 'reset' && !registered) throw notFound(USER_MESSAGES.phoneNotFound)
      const language = languageFromAcceptLanguage(request.headers['accept-language'])
      const answer = await app.phoneVerification.sendCode(phone, request.body.purpose, request.ip, language)
      return reply.code(202).send(answer)
    },
  )

  app.post(
    '/api/phone-verification/verify',
    {
      schema: { body: VerifyCodeBody, response: { 200: Type.Object({ idToken: Type.String() }), '4xx': Message } },
      config: limited,
    },
    async (request) => {
      const phone = normalisePhone(request.body.phone)
      return { idToken: await app.phoneVerification.verifyCode(phone, request.body.code.trim()) }
    },
  )
}

export default phoneVerificationRoutes
