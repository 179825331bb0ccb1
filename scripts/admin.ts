/**
 * `npm run admin -- grant <user_name>` / `npm run admin -- revoke <user_name>`: sets the admin flag on the
 * configured database (server or embedded; the embedded one only while the server is stopped, since one
 * process at a time may open it). On a PostgreSQL server every running instance is told at once, so the user's open
 * requests and live stream use the new role; the token's own flag follows at their next refresh.
 */
import { ConfigError, loadConfig, loadDotEnvFile } from '../server/config.ts'
import { openDatabase } from '../server/db/database.ts'
import { setAdminByName } from '../server/domain/users.ts'
import { notifyInstances } from '../server/events/bus.ts'

const USAGE = 'usage: npm run admin -- grant|revoke <user_name>'
const quiet = { info() {}, warn: (obj: object, msg: string) => console.warn(msg, JSON.stringify(obj)) }

async function main(argv: string[]): Promise<number> {
  const [action, ...nameParts] = argv
  const userName = nameParts.join(' ').trim()
  if ((action !== 'grant' && action !== 'revoke') || !userName) {
    console.error(USAGE)
    return 2
  }
  loadDotEnvFile()
  const database = await openDatabase(loadConfig(), quiet)
  try {
    const user = await setAdminByName(database.sql, userName, action === 'grant')
    if (!user) {
      console.error(`admin: no user named "${userName}"`)
      return 1
    }
    // Embedded: no server can be running (it would hold the data folder), so there is nobody to tell.
    if (database.mode === 'server') await notifyInstances(database.sql, { type: 'user', userId: user.user_id })
    console.log(`admin: ${user.user_name} ${user.is_admin ? 'is now an admin' : 'is no longer an admin'}`)
    return 0
  } finally {
    await database.close()
  }
}

try {
  process.exitCode = await main(process.argv.slice(2))
} catch (error) {
  console.error(`admin: ${error instanceof ConfigError ? error.message : (error as Error).message}`)
  process.exitCode = 1
}
