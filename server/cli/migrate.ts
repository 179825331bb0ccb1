/** `migrate`: brings the configured database (server or embedded) up to date, then exits. */
import { openDatabase } from '../db/database.ts'
import { commandConfig } from './run.ts'

const log = {
  info: (obj: object, msg: string) => console.log(msg, JSON.stringify(obj)),
  warn: (obj: object, msg: string) => console.warn(msg, JSON.stringify(obj)),
}

export async function migrateCommand(): Promise<number> {
  const database = await openDatabase(commandConfig(), log)
  await database.close()
  return 0
}
