import { createHmac } from 'node:crypto'
import fp from 'fastify-plugin'
import type { FastifyJWTOptions } from '@fastify/jwt'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Sql } from 'postgres'
import type { Config } from '../config.ts'
import { DEVICE_COOKIE_PATH, deviceCookieName, type IssuedDeviceCookie } from '../domain/accounts/device-cookies.ts'
import { generatedJwtSecret } from '../domain/accounts/jwt-secret.ts'
import { SessionCache } from '../domain/accounts/session-cache.ts'
import { liveSession, type IssuedRefreshToken } from '../domain/accounts/sessions.ts'
import type { UserRow } from '../domain/accounts/rows.ts'
import type { Purpose } from '../domain/accounts/phone-codes.ts'
import { forbidden, unauthorized } from '../errors.ts'

export const TOKEN_ISSUER = 'pyoraapu'
export const ACCESS_TOKEN_AUDIENCE = 'pyoraapu-api'
export const ACCESS_TOKEN_TTL = '15m'
export const REFRESH_COOKIE = 'refresh_token'
/** The refresh token goes only to the /api/user calls that use it, never to every request. */
const REFRESH_COOKIE_PATH = '/api/user'

export interface AccessTokenPayload {
  sub: string
  user_id: number
  user_name: string
  isAdmin: boolean
  /** The session this token belongs to: logout and password changes end it at once. */
  sid: string
  /** Expiry in seconds since the epoch, set by the signer (ACCESS_TOKEN_TTL); a live stream must re-auth by then. */
  exp?: number
}

/** The proof of a verified phone number (the `idToken` of docs/product.md#accounts, in local mode). */
export interface PhoneProofPayload {
  phone: string
  purpose: Purpose
  jti: string
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: AccessTokenPayload | PhoneProofPayload
    user: AccessTokenPayload
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * onRequest: a valid access token of a live session, else 401. Sets request.currentUser. An onRequest hook, so
     * it runs before the body is read, parsed or validated: a caller without a session learns nothing of what a
     * route takes (docs/security.md, "Credentials before input").
     */
    authenticate: (request: FastifyRequest) => Promise<void>
    /** The user of a valid access token whose session is live, else undefined (for the event stream's auth). */
    userForAccessToken: (token: unknown) => Promise<AuthenticatedSession | undefined>
    /**
     * This instance's copies of live sessions (docs/adr/0010-session-cache.md): the events plugin makes them trusted
     * while its bus is current and drops them on every `user` message.
     */
    sessionCache: SessionCache
    /** onRequest after authenticate: 403 unless the user is an admin, before the input is looked at either. */
    requireAdmin: (request: FastifyRequest) => Promise<void>
    accessTokenFor: (user: UserRow, sessionId: string) => string
    /** A key for one purpose (e.g. hashing SMS codes), derived from the signing secret. */
    deriveKey: (purpose: string) => string
    setRefreshCookie: (request: FastifyRequest, reply: FastifyReply, issued: IssuedRefreshToken) => void
    clearRefreshCookie: (request: FastifyRequest, reply: FastifyReply) => void
    /** The device cookie of this account (server/domain/accounts/device-cookies.ts), sent back only to the login call. */
    setDeviceCookie: (request: FastifyRequest, reply: FastifyReply, userId: number, issued: IssuedDeviceCookie) => void
  }
  interface FastifyRequest {
    currentUser: UserRow
    sessionId: string
  }
}

/** Who an access token speaks for, and until when: a live event stream is bound to all three. */
export interface AuthenticatedSession {
  user: UserRow
  /** Lower case, as the database writes uuids. */
  sessionId: string
  /** When the token expires, in milliseconds since the epoch. */
  expiresAt: number
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

function isAccessTokenShape(payload: AccessTokenPayload): payload is AccessTokenPayload & { exp: number } {
  return (
    typeof payload.sid === 'string' &&
    UUID.test(payload.sid) &&
    Number.isInteger(payload.user_id) &&
    // Our signer always sets one; a token that never expires would keep a live stream open forever.
    typeof payload.exp === 'number'
  )
}

/** The signing secret: JWT_SECRET, else one generated once and kept in the database (every instance shares it). */
export async function jwtSecret(config: Pick<Config, 'JWT_SECRET' | 'DATA_DIR'>, sql: Sql): Promise<string> {
  return config.JWT_SECRET ?? (await generatedJwtSecret(config.DATA_DIR, sql))
}

/**
 * Claims every token we take must carry. fast-jwt checks `allowedIss`, `allowedAud` and the expiry only when the
 * claim is present, so without this a token that leaves one out would pass for any audience (docs/security.md,
 * "Tokens and cursors").
 */
export const REQUIRED_CLAIMS = ['iss', 'aud', 'exp']

/** @fastify/jwt's options (app.ts registers it): our issuer and audience, HS256 only, ACCESS_TOKEN_TTL. */
export function jwtOptions(secret: string): FastifyJWTOptions {
  return {
    secret,
    sign: { algorithm: 'HS256', iss: TOKEN_ISSUER, aud: ACCESS_TOKEN_AUDIENCE, expiresIn: ACCESS_TOKEN_TTL },
    verify: {
      algorithms: ['HS256'],
      allowedIss: TOKEN_ISSUER,
      allowedAud: ACCESS_TOKEN_AUDIENCE,
      requiredClaims: REQUIRED_CLAIMS,
    },
  }
}

/** Our auth decorators, on top of @fastify/cookie and @fastify/jwt (registered in app.ts with jwtOptions). */
export default fp<{ secret: string }>(
  async (app, { secret }) => {
    app.decorateRequest('currentUser', null as unknown as UserRow)
    app.decorateRequest('sessionId', '')
    const sessions = new SessionCache()
    app.decorate('sessionCache', sessions)

    app.decorate('userForAccessToken', async (token: unknown) => {
      if (typeof token !== 'string') return undefined
      let payload: AccessTokenPayload
      try {
        payload = app.jwt.verify<AccessTokenPayload>(token)
      } catch {
        return undefined
      }
      // Only our signer makes these tokens, but a malformed claim must still be refused, never a database error.
      if (!isAccessTokenShape(payload)) return undefined
      const sessionId = payload.sid.toLowerCase()
      // A session known live costs no round trip; else the database answers, and a live one is kept.
      const user =
        sessions.get(sessionId, payload.user_id) ??
        (await sessions.load(sessionId, payload.user_id, () => liveSession(app.sql, sessionId, payload.user_id)))
      return user ? { user, sessionId, expiresAt: payload.exp * 1000 } : undefined
    })

    app.decorate('authenticate', async (request: FastifyRequest) => {
      const [scheme, token] = (request.headers.authorization ?? '').split(' ')
      const session = scheme?.toLowerCase() === 'bearer' ? await app.userForAccessToken(token) : undefined
      if (!session) throw unauthorized()
      request.currentUser = session.user
      request.sessionId = session.sessionId
    })

    app.decorate('requireAdmin', async (request: FastifyRequest) => {
      if (!request.currentUser?.is_admin) throw forbidden()
    })

    app.decorate('deriveKey', (purpose: string) => createHmac('sha256', secret).update(purpose).digest('hex'))

    app.decorate('accessTokenFor', (user: UserRow, sessionId: string) =>
      app.jwt.sign({
        sub: String(user.user_id),
        user_id: user.user_id,
        user_name: user.user_name,
        isAdmin: user.is_admin,
        sid: sessionId,
      }),
    )

    app.decorate('setRefreshCookie', (request: FastifyRequest, reply: FastifyReply, issued: IssuedRefreshToken) => {
      reply.setCookie(REFRESH_COOKIE, issued.refreshToken, {
        httpOnly: true,
        sameSite: 'strict',
        secure: request.protocol === 'https',
        path: REFRESH_COOKIE_PATH,
        // The session's own end, not a fresh 30 days at each rotation.
        expires: issued.expiresAt,
      })
    })

    app.decorate(
      'setDeviceCookie',
      (request: FastifyRequest, reply: FastifyReply, userId: number, issued: IssuedDeviceCookie) => {
        reply.setCookie(deviceCookieName(userId), issued.value, {
          httpOnly: true,
          sameSite: 'strict',
          secure: request.protocol === 'https',
          path: DEVICE_COOKIE_PATH,
          expires: issued.expiresAt,
        })
      },
    )

    app.decorate('clearRefreshCookie', (request: FastifyRequest, reply: FastifyReply) => {
      reply.clearCookie(REFRESH_COOKIE, {
        httpOnly: true,
        sameSite: 'strict',
        secure: request.protocol === 'https',
        path: REFRESH_COOKIE_PATH,
      })
    })
  },
  { name: 'auth', dependencies: ['db', '@fastify/cookie', '@fastify/jwt'] },
)
