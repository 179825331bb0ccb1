import type { FastifyInstance } from 'fastify'
import { hashPassword } from '../server/domain/accounts/passwords.ts'
import { startSession } from '../server/domain/accounts/sessions.ts'
import { userById } from '../server/domain/accounts/users.ts'
import { actorFor, type Actor } from './requests.ts'
import { insertUser } from './server/admin/helpers.ts'

export const SIGNED_IN_PASSWORD = 'correct horse'
let passwordHash: Promise<string> | undefined

/**
 * A signed-in user written straight to the database, for tests that need many users or replace them often:
 * registering through SMS verification and a fresh password hash each time would cost most of their run. The
 * password is a real hash of SIGNED_IN_PASSWORD, made once, so a password check meets what registration stores.
 */
export async function signedIn(app: FastifyInstance, name: string, isAdmin = false): Promise<Actor> {
  const { user_id, phone } = await insertUser(app, { user_name: name, located: true })
  passwordHash ??= hashPassword(SIGNED_IN_PASSWORD)
  await app.sql`update users set is_admin = ${isAdmin}, password_hash = ${await passwordHash} where user_id = ${user_id}`
  const session = await startSession(app.sql, user_id)
  const token = app.accessTokenFor((await userById(app.sql, user_id))!, session.sessionId)
  return actorFor(app, {
    token,
    cookie: session.refreshToken,
    user: { user_id, user_name: name, phone, radius: 10, isAdmin },
    password: SIGNED_IN_PASSWORD,
  })
}
