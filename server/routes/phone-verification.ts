import { Type } from '@sinclair/typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { normalisePhone } from '../domain/accounts/phone.ts'
import { USER_ERRORS } from '../domain/accounts/errors.ts'
import { languageFromAcceptLanguage } from '../domain/accounts/rules.ts'
import { phoneRegistered } from '../domain/accounts/users.ts'
import { conflict } from '../errors.ts'
import { ErrorAnswers } from '../schemas/common.ts'
import { SendCodeBody, VerifyCodeBody } from '../schemas/user.ts'
import { accountRateLimit } from './rate-limits.ts'
import type { Config } from '../config.ts'

/**
 * Local mode's "SMS code, then idToken" (docs/product.md#accounts); in Firebase mode the SPA talks to Firebase instead.
 */
const phoneVerificationRoutes: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  const limited = accountRateLimit(config)
  app.post(
    '/api/phone-verification/send',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Send a verification code by SMS (local mode)',
        description:
          'For registration, a password reset or a login with a code. A reset or login code answers alike whether or ' +
          'not the number has an account, and only the number of an account is texted. ' +
          'Answers 409 (phoneexists) when registering a number that has one; limited per address.',
        body: SendCodeBody,
        response: {
          202: Type.Object({ resendAfter: Type.Integer() }, { examples: [{ resendAfter: 60 }] }),
          ...ErrorAnswers,
        },
      },
      config: limited,
    },
    async (request, reply) => {
      const { purpose } = request.body
      const phone = normalisePhone(request.body.phone)
      const registered = await phoneRegistered(app.sql, phone)
      // The registration wizard needs phoneexists (docs/product.md#accounts); the per-address limit above bounds that probe.
      if (purpose === 'register' && registered) throw conflict(USER_ERRORS.phoneExists)
      const language = languageFromAcceptLanguage(request.headers['accept-language'])
      // A reset or login code answers alike whether or not the number has an account; only an account's phone gets
      // a code (docs/security.md, "Enumeration").
      const answer = await app.phoneVerification.sendCode(
        phone,
        purpose,
        request.ip,
        language,
        purpose === 'register' || registered,
      )
      return reply.code(202).send(answer)
    },
  )

  app.post(
    '/api/phone-verification/verify',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Exchange a correct SMS code for a proof of the number (idToken)',
        description:
          'The idToken is single-use, lasts 15 minutes and is good only for the purpose its code was sent for: ' +
          'registration, password reset or login spends it.',
        body: VerifyCodeBody,
        response: { 200: Type.Object({ idToken: Type.String() }), ...ErrorAnswers },
      },
      config: limited,
    },
    async (request) => {
      const phone = normalisePhone(request.body.phone)
      return { idToken: await app.phoneVerification.verifyCode(phone, request.body.code.trim()) }
    },
  )
}

export default phoneVerificationRoutes
