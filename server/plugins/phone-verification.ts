import { randomUUID } from 'node:crypto'
import fp from 'fastify-plugin'
import type { Config } from '../config.ts'
import type { Queryable } from '../db/queryable.ts'
import {
  admitSmsSend,
  codeText,
  issueCode,
  RESEND_AFTER_SECONDS,
  spendCode,
  type Purpose,
} from '../domain/accounts/phone-codes.ts'
import { USER_ERRORS } from '../domain/accounts/errors.ts'
import type { Language } from '../domain/accounts/rules.ts'
import { badRequest, HttpError } from '../errors.ts'
import { firebaseVerifier, type VerifiedPhone } from '../verification/firebase.ts'
import { smsQueue } from '../verification/sms-queue.ts'
import { httpTransport, outboxTransport } from '../verification/sms-transport.ts'
import { REQUIRED_CLAIMS, TOKEN_ISSUER, type PhoneProofPayload } from './auth.ts'

const VERIFICATION_AUDIENCE = 'pyoraapu-phone-verification'
const VERIFICATION_TOKEN_TTL_SECONDS = 15 * 60

export interface PhoneVerification {
  mode: Config['PHONE_VERIFICATION']
  /**
   * Local mode: counts a send against the SMS limits and makes a code, then queues it for delivery unless `deliver`
   * is false (a reset asked for an unknown number). Both do the same database work and neither waits for the SMS
   * transport, so the answer and its timing do not tell whether the number has an account
   * (docs/adr/0002-sms-delivery-after-the-answer.md).
   */
  sendCode(
    phone: string,
    purpose: Purpose,
    ip: string,
    language: Language,
    deliver?: boolean,
  ): Promise<{ resendAfter: number }>
  /** Local mode: a correct code becomes a signed, single-use proof (the `idToken`, docs/product.md#accounts). */
  verifyCode(phone: string, code: string): Promise<string>
  /**
   * Either mode: checks that `idToken` proves `phone` (for `purpose`, where the token says one), without spending
   * it. Callers check the proof before any costly work (password hashing), then spend it.
   */
  proveIdToken(idToken: string, phone: string, purpose: Purpose): Promise<VerifiedPhone>
  /** Either mode: the phone `idToken` proves for `purpose`, when the caller has no number to compare it with. */
  provenPhone(idToken: string, purpose: Purpose): Promise<VerifiedPhone>
  /** Spends a checked proof inside the caller's transaction, so a failed change does not use it up. */
  spendProof(sql: Queryable, proof: VerifiedPhone): Promise<void>
  /** Resolves once every code queued so far has been handed to the transport or has failed. */
  delivered(): Promise<void>
}

declare module 'fastify' {
  interface FastifyInstance {
    phoneVerification: PhoneVerification
  }
}

export default fp<{ config: Config }>(
  async (app, { config }) => {
    const codeKey = app.deriveKey('phone-code')
    const transport =
      config.SMS_TRANSPORT === 'http'
        ? httpTransport(config.SMS_GATEWAY_URL!, config.SMS_GATEWAY_TOKEN)
        : outboxTransport(config.DATA_DIR, app.log)
    const queue = smsQueue(transport, app.log, () => app.metrics.smsSent.inc())
    // After the server stopped taking requests: the codes already promised still go out.
    app.addHook('onClose', () => queue.delivered())
    if (
      config.NODE_ENV === 'production' &&
      config.PHONE_VERIFICATION === 'local' &&
      config.SMS_TRANSPORT === 'outbox'
    ) {
      app.log.warn(
        { file: config.DATA_DIR },
        'SMS_TRANSPORT=outbox in production: verification codes are written to a file in DATA_DIR, not sent to anyone',
      )
    }
    const firebase =
      config.PHONE_VERIFICATION === 'firebase'
        ? await firebaseVerifier(config.FIREBASE_PROJECT_ID!, config.FIREBASE_AUTH_EMULATOR_HOST)
        : undefined
    if (firebase) app.addHook('onClose', () => firebase.close())

    const localOnly = () => {
      if (config.PHONE_VERIFICATION !== 'local')
        throw new HttpError(404, 'Phone verification runs through Firebase here')
    }

    async function provenPhone(idToken: string, purpose: Purpose): Promise<VerifiedPhone> {
      try {
        if (firebase) return await firebase.verify(idToken)
        const payload = app.jwt.verify<PhoneProofPayload & { exp: number }>(idToken, {
          allowedAud: VERIFICATION_AUDIENCE,
          allowedIss: TOKEN_ISSUER,
          // Said again, not left to the merge with the global options: a proof must name who it is for.
          requiredClaims: REQUIRED_CLAIMS,
        })
        if (payload.purpose !== purpose) throw new Error(`token is for ${payload.purpose}, not ${purpose}`)
        return { phone: payload.phone, tokenId: payload.jti, expiresAt: new Date(payload.exp * 1000) }
      } catch (error) {
        app.log.info({ err: error }, 'phone verification token refused')
        throw badRequest(USER_ERRORS.invalidCode)
      }
    }

    app.decorate<PhoneVerification>('phoneVerification', {
      mode: config.PHONE_VERIFICATION,

      async sendCode(phone, purpose, ip, language, deliver = true) {
        localOnly()
        const limits = { perIpPerHour: config.SMS_PER_IP_PER_HOUR, dailyCap: config.SMS_DAILY_CAP }
        await admitSmsSend(app.sql, phone, ip, limits)
        // A number without an account gets a code too, which nobody ever receives: the same statements either way.
        const code = await issueCode(app.sql, phone, purpose, codeKey)
        if (deliver) queue.enqueue({ to: phone, text: codeText(code, language), code, purpose })
        return { resendAfter: RESEND_AFTER_SECONDS }
      },

      async verifyCode(phone, code) {
        localOnly()
        const purpose = await spendCode(app.sql, phone, code, codeKey)
        const payload: PhoneProofPayload = { phone, purpose, jti: randomUUID() }
        return app.jwt.sign(payload, {
          aud: VERIFICATION_AUDIENCE,
          iss: TOKEN_ISSUER,
          expiresIn: VERIFICATION_TOKEN_TTL_SECONDS * 1000,
        })
      },

      async proveIdToken(idToken, phone, purpose) {
        const proof = await provenPhone(idToken, purpose)
        if (proof.phone !== phone) throw badRequest(USER_ERRORS.invalidCode)
        return proof
      },

      async spendProof(sql, proof) {
        const spent = await sql`
          insert into used_verification_tokens (token_id, expires_at) values (${proof.tokenId}, ${proof.expiresAt})
          on conflict (token_id) do nothing
          returning token_id
        `
        if (spent.length === 0) throw badRequest(USER_ERRORS.invalidCode)
      },

      provenPhone,

      delivered: () => queue.delivered(),
    })
  },
  { name: 'phone-verification', dependencies: ['db', 'auth', 'metrics'] },
)
