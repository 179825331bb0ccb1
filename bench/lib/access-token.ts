/**
 * An access token that the server bundle running in another process takes: signed by the server's own code
 * (`accessTokenFor`, server/plugins/auth.ts) with the same JWT_SECRET and database, so a bench need not log in
 * through the SMS flow nor know the token's claims.
 */
import { createWriteStream } from 'node:fs'
import { configWith } from '../../server/config.ts'
import type { UserRow } from '../../server/domain/accounts/rows.ts'
import { buildServer } from '../../server/server.ts'

export async function accessToken(env: Record<string, string>, user: UserRow, sessionId: string): Promise<string> {
  const logStream = createWriteStream('/dev/null')
  const app = buildServer(
    configWith({ DATABASE_URL: env.DATABASE_URL, DATA_DIR: env.DATA_DIR, JWT_SECRET: env.JWT_SECRET }),
    { logStream },
  )
  try {
    await app.ready()
    return app.accessTokenFor(user, sessionId)
  } finally {
    await app.close()
    logStream.end()
  }
}
