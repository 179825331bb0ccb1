import type { FastifyInstance } from 'fastify'
import { hashPassword } from '../server/domain/accounts/passwords.ts'
import { normalisePhone } from '../server/domain/accounts/phone.ts'
import { startSession } from '../server/domain/accounts/sessions.ts'
import { checkRadius, languageFromAcceptLanguage } from '../server/domain/accounts/rules.ts'
import { insertUser, toPublicUser } from '../server/domain/accounts/users.ts'
import { uniquePhone, type RegisteredUser } from './accounts.ts'
import { actorFor, type Actor } from './requests.ts'

export const SIGNED_IN_PASSWORD = 'correct horse'

/** Where a signed-in test user registered: central Helsinki, as the SPA's registration sends it. */
export const REGISTERED_AT = { latitude: 60.17, longitude: 24.94 }

/** One real hash per password, made once per test process: a fresh argon2 hash per user would cost most runs. */
const hashes = new Map<string, Promise<string>>()

/**
 * The test users' default: a signed-in user written the way `POST /api/user/register` writes one (the same user
 * row, session and access token), without the SMS verification and the password hash each registration costs.
 * Tests of registration and phone verification themselves use registerUser (test/accounts.ts).
 */
export async function signedInUser(
  app: FastifyInstance,
  fields: { user_name: string; phone?: string; password?: string; radius?: number; isAdmin?: boolean },
): Promise<RegisteredUser> {
  const password = fields.password ?? SIGNED_IN_PASSWORD
  if (!hashes.has(password)) hashes.set(password, hashPassword(password))
  const row = await insertUser(app.sql, {
    userName: fields.user_name,
    phone: normalisePhone(fields.phone ?? uniquePhone()),
    passwordHash: await hashes.get(password)!,
    radius: checkRadius(fields.radius ?? 10),
    language: languageFromAcceptLanguage(undefined),
    location: REGISTERED_AT,
  })
  if (fields.isAdmin) await app.sql`update users set is_admin = true where user_id = ${row.user_id}`
  const user = { ...row, is_admin: fields.isAdmin ?? false }
  const session = await startSession(app.sql, row.user_id)
  return {
    token: app.accessTokenFor(user, session.sessionId),
    cookie: session.refreshToken,
    user: toPublicUser(user),
    password,
  }
}

/** A signed-in user driving the API the way the SPA does (see signedInUser); `isAdmin` grants the admin role. */
export async function signedIn(app: FastifyInstance, name: string, isAdmin = false): Promise<Actor> {
  return actorFor(app, await signedInUser(app, { user_name: name, isAdmin }))
}

/**
 * After a test changed users' rows by hand, not through the API (whose changes every instance hears of): the app's
 * copies of their sessions go (docs/adr/0010-session-cache.md), so the next call reads the rows as the test left them.
 */
export function changedByHand(app: FastifyInstance, ...userIds: number[]): void {
  for (const userId of userIds) app.sessionCache.dropUser(userId)
}
