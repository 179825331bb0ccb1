/**
 * The one entry point of the server and its operator commands; `npm run build` bundles it into
 * dist/server/pyoraapu.mjs, which `npm start` runs (and the single binary will wrap).
 *   pyoraapu [serve] | --version | --help | migrate | admin grant|revoke <user_name> | services import <file>
 *   | backup <file> | restore <file>
 * Each command is a module under server/cli/ that is imported only when chosen, so `--version` does not load
 * the server.
 */
import { packageVersion } from './paths.ts'
import { runCommand } from './cli/run.ts'

const NAME = 'pyoraapu'

const USAGE = `Pyöräapu ${packageVersion()}: road assistance and mutual help for cyclists.

Usage: ${NAME} [command]

Commands:
  serve (or nothing)                 Run the server (configured by the variables below)
  migrate                            Apply pending database migrations, then exit
  admin grant|revoke <user_name>     Give or take a user's admin role
  services import <file>             Import services from a GeoJSON or CSV file (all or nothing)
  backup <file>                      Save the embedded database (DATA_DIR) to a .tar.gz; server stopped
  restore <file>                     Restore a backup into an empty DATA_DIR; server stopped
  --version                          Print the version
  --help                             Print this help

Configuration: environment variables, or a .env file in the working directory (real variables win).
A PostgreSQL server (DATABASE_URL) is backed up with pg_dump, not with backup/restore.
`

async function main(argv: string[]): Promise<void> {
  const [command, ...args] = argv
  switch (command) {
    case undefined:
    case 'serve': {
      const { serve } = await import('./cli/serve.ts')
      return serve()
    }
    case '--version':
    case '-v':
      console.log(packageVersion())
      return
    case '--help':
    case '-h':
    case 'help': {
      const { configTableRows } = await import('./cli/config-docs.ts')
      console.log(`${USAGE}\n${configTableRows()}`)
      return
    }
    case 'migrate': {
      const { migrateCommand } = await import('./cli/migrate.ts')
      return runCommand('migrate', migrateCommand)
    }
    case 'admin': {
      const { adminCommand } = await import('./cli/admin.ts')
      return runCommand('admin', () => adminCommand(args, `${NAME} admin grant|revoke <user_name>`))
    }
    case 'services': {
      if (args[0] !== 'import') break
      const { importServicesCommand } = await import('./cli/import-services.ts')
      return runCommand('services import', () =>
        importServicesCommand(args[1], `${NAME} services import <file.geojson|file.csv>`),
      )
    }
    case 'backup': {
      const { backupCommand } = await import('./cli/backup.ts')
      return runCommand('backup', () => backupCommand(args[0], `${NAME} backup <file.tar.gz>`))
    }
    case 'restore': {
      const { restoreCommand } = await import('./cli/backup.ts')
      return runCommand('restore', () => restoreCommand(args[0], `${NAME} restore <file.tar.gz>`))
    }
  }
  process.stderr.write(`${NAME}: unknown command "${argv.join(' ')}"; ${NAME} --help lists the commands\n`)
  process.exitCode = 2
}

// Not a top-level await: the single binary bundles this file as CommonJS, which has none (STACK-NOTES pitfall 9).
// A failure still ends the process with code 1 and the error on stderr, as an unhandled rejection.
void main(process.argv.slice(2))
