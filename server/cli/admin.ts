/**
 * `admin grant|revoke <user_name>`: sets the admin flag on the configured database (server or embedded; the
 * embedded one only while the server is stopped, since one process at a time may open it). On a PostgreSQL server
 * every running instance is told at once, so the user's open requests, live stream and open app (a `user.updated`
 * event) use the new role; the token's own flag follows at its next refresh, and the app reads the role from the
 * server at start.
 */
import { openDatabase } from '../db/database.ts'
import { setAdminByName } from '../domain/accounts/users.ts'
import { setTimeout as sleep } from 'node:timers/promises'
import { BUS_LEASE_MS, notifyInstances } from '../events/bus.ts'
import { commandConfig, quietLog } from './run.ts'

/** `usage` is how the caller is invoked (npm script or binary), printed with exit code 2 on wrong arguments. */
export async function adminCommand(args: string[], usage: string): Promise<number> {
  const [action, ...nameParts] = args
  const userName = nameParts.join(' ').trim()
  if ((action !== 'grant' && action !== 'revoke') || !userName) {
    console.error(`usage: ${usage}`)
    return 2
  }
  const database = await openDatabase(commandConfig(), quietLog)
  try {
    // Embedded: no server can be running (it would hold the data folder), so there is nobody to tell. On a server the
    // NOTIFY is in the change's transaction: every instance hears of it at the commit, or the change did not happen.
    const user = await database.sql.begin(async (tx) => {
      const changed = await setAdminByName(tx, userName, action === 'grant')
      if (changed && database.mode === 'server') await notifyInstances(tx, { type: 'user', userId: changed.user_id })
      return changed
    })
    if (!user) {
      console.error(`admin: no user named "${userName}"`)
      return 1
    }
    // Done once no instance can still answer from a copy of the user with the old role (docs/adr/0010-session-cache.md).
    if (database.mode === 'server') await sleep(BUS_LEASE_MS)
    console.log(`admin: ${user.user_name} ${user.is_admin ? 'is now an admin' : 'is no longer an admin'}`)
    return 0
  } finally {
    await database.close()
  }
}
