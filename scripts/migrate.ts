/** `npm run migrate`: the developer's way to `pyoraapu migrate` (server/cli/migrate.ts). */
import { migrateCommand } from '../server/cli/migrate.ts'
import { runCommand } from '../server/cli/run.ts'

await runCommand('migrate', migrateCommand)
