import { Type } from '@sinclair/typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyReply, FastifyRequest } from 'fastify'
import {
  deviceCookieName,
  deviceOfNonce,
  hashNonce,
  presentedNonce,
  rememberDevice,
} from '../../domain/accounts/device-cookies.ts'
import { admitLoginAttempt } from '../../domain/limits/login-throttle.ts'
import { passwordMatches } from '../../domain/accounts/passwords.ts'
import { phoneOrUndefined } from '../../domain/accounts/phone.ts'
import { REFRESH_SUCCESSOR_KEY_PURPOSE } from '../../domain/accounts/sessions.ts'
import { logOut, rotateSession, signInSession } from '../../domain/accounts/session-changes.ts'
import { USER_ERRORS } from '../../domain/accounts/errors.ts'
import { requireFilled } from '../../domain/accounts/rules.ts'
import { toPublicUser, userById, userByIdentifier, userByPhone } from '../../domain/accounts/users.ts'
import { suspensionInForce } from '../../domain/moderation/in-force.ts'
import { refusalMessage } from '../../domain/moderation/refusal.ts'
import { forbidden, HttpError, unauthorized } from '../../errors.ts'
import type { Queryable } from '../../db/queryable.ts'
import { REFRESH_COOKIE, type AccessTokenPayload } from '../../plugins/auth.ts'
import { BEARER_AUTH, EmptyJsonBody, ErrorAnswers, NoBody } from '../../schemas/common.ts'
import { LoginBody, PublicUser, SessionAnswer, UserAnswer } from '../../schemas/user.ts'
import { accountRateLimit } from '../rate-limits.ts'
import type { Config } from '../../config.ts'
import type { UserRow } from '../../domain/accounts/rows.ts'

const NO_SESSION = 'No session, log in again'

const sessionRoutes: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  const limited = accountRateLimit(config)
  const deviceKey = app.deriveKey('device-cookie')
  const successorKey = app.deriveKey(REFRESH_SUCCESSOR_KEY_PURPOSE)
  /**
   * onRequest of the refresh call: without the cookie there is no session to refresh, so 401 comes before the body
   * is read or validated, as app.authenticate does for an access token (docs/security.md, "Credentials before input").
   */
  const requireRefreshCookie = async (request: FastifyRequest) => {
    if (!request.cookies[REFRESH_COOKIE]) throw unauthorized(NO_SESSION)
  }
  app.post(
    '/api/user/login',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Log in with a user name or phone number and the password, or with a code sent to the phone',
        description:
          'Answers an access token and sets the refresh cookie and the device cookie (path /api/user/login). Failed ' +
          'guesses are limited per account and address; a valid device cookie of the account is judged only by its ' +
          'own failures. `{idToken}` instead logs in with the proof of a phone verification made with ' +
          '`purpose: "login"` (single use), whatever the password failures; an unknown number, a used or another ' +
          "purpose's proof are the same 401 as a wrong password. " +
          'A suspended or banned account is refused after the right password or proof with 403 ' +
          '"Account suspended until <ISO 8601 UTC>: <reason>" or "Account banned: <reason>". A browser ' +
          'call from another origin (Sec-Fetch-Site or Origin) is refused with 403, a non-JSON body with 415.',
        body: LoginBody,
        response: { 200: SessionAnswer, ...ErrorAnswers },
      },
      config: limited,
      onRequest: app.sameOriginJson,
    },
    async (request, reply) => {
      if ('idToken' in request.body) return logInWithCode(request, reply, request.body.idToken)
      const { identifier, password } = request.body
      requireFilled(identifier, password)
      const name = identifier.trim()
      const phone = phoneOrUndefined(name)
      const user = await userByIdentifier(app.sql, name, phone)
      // Guesses count against the account however it is named (user name or any way of writing the phone).
      const accountKey = user ? `user:${user.user_id}` : `unknown:${(phone ?? name).toLowerCase()}`
      // This browser's device cookie for the account, if it signed in before (docs/security.md).
      const nonce = user && presentedNonce(deviceKey, user.user_id, request.cookies[deviceCookieName(user.user_id)])
      const device = user && nonce ? { userId: user.user_id, nonceHash: hashNonce(nonce) } : undefined
      const attempt = await admitLoginAttempt(app.sql, accountKey, request.ip, device)
      if (!(await passwordMatches(password, user?.password_hash)) || !user) throw unauthorized(USER_ERRORS.invalidLogin)
      await attempt.succeeded()
      return signIn(request, reply, user, attempt.deviceId)
    },
  )

  /**
   * A login with a code sent to the account's phone (docs/accounts.md, "Login with a code"): the proof of a login
   * verification, spent with the session's start. It never meets the password throttle, so failures an attacker
   * makes cannot keep the phone's owner out; guessing the code is bounded by the code's own limits. Every refusal,
   * an unknown number's included, is the password login's 401.
   */
  async function logInWithCode(request: FastifyRequest, reply: FastifyReply, idToken: string) {
    const proof = await app.phoneVerification.provenPhone(idToken, 'login').catch(() => {
      throw unauthorized(USER_ERRORS.invalidLogin)
    })
    const user = await userByPhone(app.sql, proof.phone)
    if (!user) throw unauthorized(USER_ERRORS.invalidLogin)
    // A device this browser proved before is rotated, as a password login would; none starts a new one.
    const nonce = presentedNonce(deviceKey, user.user_id, request.cookies[deviceCookieName(user.user_id)])
    const deviceId = nonce ? await deviceOfNonce(app.sql, user.user_id, hashNonce(nonce)) : undefined
    const spend = (tx: Queryable) =>
      app.phoneVerification.spendProof(tx, proof).catch((error: unknown) => {
        // A proof already used (a replay) is refused as any other: it gives no second session.
        throw error instanceof HttpError && error.statusCode === 400 ? unauthorized(USER_ERRORS.invalidLogin) : error
      })
    return signIn(request, reply, user, deviceId, spend)
  }

  /**
   * The end of either login: a suspension is told only now, then the session starts in one transaction with `spend`
   * (a code login's proof, so a failed start leaves it unused), and the refresh and device cookies are set.
   */
  async function signIn(
    request: FastifyRequest,
    reply: FastifyReply,
    user: UserRow,
    deviceId: string | undefined,
    spend?: (tx: Queryable) => Promise<void>,
  ) {
    // Told only to whoever proved the account: the decision's words are the account's own business.
    const suspension = await suspensionInForce(app.sql, user.user_id)
    if (suspension) throw forbidden(refusalMessage(suspension.until, suspension.reason))
    const session = await signInSession(app.sql, user.user_id, spend)
    app.setRefreshCookie(request, reply, session)
    app.setDeviceCookie(request, reply, user.user_id, await rememberDevice(app.sql, deviceKey, user.user_id, deviceId))
    return { token: app.accessTokenFor(user, session.sessionId), user: toPublicUser(user) }
  }

  app.post(
    '/api/user/refresh-token',
    {
      schema: {
        tags: ['accounts'],
        summary: 'A new access token from the refresh cookie',
        description:
          'The refresh token is rotated. A token presented again within 20 s of its rotation (an answer lost on ' +
          "the way) is answered the session's current token, the same one each time; presented later, it ends its " +
          'session. A suspended or banned ' +
          "account's token is refused with 403 and the words of the login's refusal. Send `{}` as JSON; a browser " +
          'call from another origin (Sec-Fetch-Site or Origin) is refused with 403, another content type with 415.',
        security: [{ refreshCookie: [] }],
        body: EmptyJsonBody,
        response: { 200: Type.Object({ accessToken: Type.String(), user: PublicUser }), ...ErrorAnswers },
      },
      onRequest: [requireRefreshCookie, app.sameOriginJson],
    },
    async (request, reply) => {
      const presented = request.cookies[REFRESH_COOKIE]
      if (!presented) throw unauthorized(NO_SESSION)
      try {
        // A reused token ends its session: its copies go and its live streams close on every instance.
        const rotated = await rotateSession(app.events, presented, successorKey)
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
  const logout = {
    tags: ['accounts'],
    summary: 'Log out: end the session',
    description:
      'Works with an expired access token, with only the refresh cookie, or with neither. Send `{}` as JSON; a ' +
      'browser call from another origin (Sec-Fetch-Site or Origin) is refused with 403, another content type with 415.',
    body: EmptyJsonBody,
    // Either credential, or none (the empty requirement): logging out never fails for want of a session.
    security: [...BEARER_AUTH, { refreshCookie: [] }, {}] as Record<string, string[]>[],
    response: { 204: NoBody('The session has ended and the refresh cookie is cleared.'), ...ErrorAnswers },
  }
  app.post('/api/user/logout', { schema: logout, onRequest: app.sameOriginJson }, async (request, reply) => {
    const payload = await request.jwtVerify<AccessTokenPayload>().catch(() => undefined)
    const presented = request.cookies[REFRESH_COOKIE]
    await logOut(app.events, payload?.sid, presented)
    app.clearRefreshCookie(request, reply)
    return reply.code(204).send(null)
  })

  app.get(
    '/api/user/protected-route',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['accounts'],
        summary: 'The logged-in user',
        security: BEARER_AUTH,
        response: { 200: UserAnswer, ...ErrorAnswers },
      },
    },
    async (request) => ({ user: toPublicUser(request.currentUser) }),
  )
}

export default sessionRoutes
