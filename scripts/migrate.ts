/** `npm run migrate`: brings the configured database (server or embedded) up to date, then exits. */
import { ConfigError, loadConfig, loadDotEnvFile } from '../server/config.ts'
import { openDatabase } from '../server/db/database.ts'

const log = {
  info: (obj: object, msg: string) => console.log(msg, JSON.stringify(obj)),
  warn: (obj: object, msg: string) => console.warn(msg, JSON.stringify(obj)),
}

try {
  loadDotEnvFile()
  const database = await openDatabase(loadConfig(), log)
  await database.close()
} catch (error) {
  console.error(`migrate: ${error instanceof ConfigError ? error.message : (error as Error).message}`)
  process.exit(1)
}
