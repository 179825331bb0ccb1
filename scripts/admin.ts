/** `npm run admin -- grant|revoke <user_name>`: the developer's way to `pyoraapu admin` (server/cli/admin.ts). */
import { adminCommand } from '../server/cli/admin.ts'
import { runCommand } from '../server/cli/run.ts'

await runCommand('admin', () => adminCommand(process.argv.slice(2), 'npm run admin -- grant|revoke <user_name>'))
