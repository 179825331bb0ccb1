/**
 * `backup <file>` / `restore <file>` for the embedded database: PGlite's own copy of its data folder, a gzipped
 * tarball. Both open the data folder themselves, so they need the server stopped (one process at a time may open
 * it; the PID lock says so instead of corrupting it). A PostgreSQL server is backed up with its own tools.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { DataDirInUseError, lockDataDir } from '../db/embedded.ts'
import { commandConfig } from './run.ts'
import { pgliteAssets } from '../sea.ts'

type Action = 'backup' | 'restore'

const SERVER_TOOLS = {
  backup: 'DATABASE_URL is set: back up a PostgreSQL server with pg_dump (pg_dump -Fc -f <file> "$DATABASE_URL")',
  restore: 'DATABASE_URL is set: restore a PostgreSQL server with pg_restore (pg_restore -d "$DATABASE_URL" <file>)',
}

function holdsDatabase(folder: string): boolean {
  return existsSync(folder) && readdirSync(folder).length > 0
}

/** Opens DATA_DIR's embedded database folder under the PID lock the server uses, runs `work`, releases it. */
async function withDataDir(action: Action, work: (pgdata: string) => Promise<string>): Promise<number> {
  const config = commandConfig()
  if (config.DATABASE_URL) {
    console.error(`${action}: ${SERVER_TOOLS[action]}`)
    return 1
  }
  const root = resolve(config.DATA_DIR)
  const pgdata = join(root, 'pgdata')
  if (action === 'backup' && !holdsDatabase(pgdata)) {
    // PGlite would happily create an empty database there and back that up.
    console.error(`backup: there is no embedded database in ${pgdata} (check DATA_DIR)`)
    return 1
  }
  mkdirSync(root, { recursive: true })
  let release: () => Promise<void>
  try {
    release = await lockDataDir(join(root, 'pgdata.pid'), root)
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error
    console.error(
      `${action}: ${error.message}. The embedded database allows one process at a time: stop the server first.`,
    )
    return 1
  }
  try {
    console.log(`${action}: ${await work(pgdata)}`)
    return 0
  } finally {
    await release()
  }
}

export async function backupCommand(file: string | undefined, usage: string): Promise<number> {
  if (!file) {
    console.error(`usage: ${usage}`)
    return 2
  }
  const target = resolve(file)
  return withDataDir('backup', async (pgdata) => {
    const db = await PGlite.create({ dataDir: pgdata, ...(await pgliteAssets()) })
    let tarball: Blob
    try {
      tarball = await db.dumpDataDir('gzip')
    } finally {
      await db.close()
    }
    // Written beside the target and renamed, so an interrupted backup never leaves a truncated file under its name.
    const partial = `${target}.partial`
    writeFileSync(partial, Buffer.from(await tarball.arrayBuffer()))
    renameSync(partial, target)
    return `${pgdata} saved to ${target} (${tarball.size} bytes)`
  })
}

export async function restoreCommand(file: string | undefined, usage: string): Promise<number> {
  if (!file) {
    console.error(`usage: ${usage}`)
    return 2
  }
  const source = resolve(file)
  if (!existsSync(source)) {
    console.error(`restore: there is no file ${source}`)
    return 1
  }
  return withDataDir('restore', async (pgdata) => {
    if (holdsDatabase(pgdata)) {
      throw new Error(`${pgdata} already holds a database; restore into a new or empty DATA_DIR (nothing was changed)`)
    }
    try {
      const db = await PGlite.create({
        dataDir: pgdata,
        ...(await pgliteAssets()),
        loadDataDir: new Blob([readFileSync(source)]),
      })
      await db.query('select 1')
      await db.close()
    } catch (error) {
      // Whatever half of the tarball was unpacked is useless: leave the folder empty for the next try.
      rmSync(pgdata, { recursive: true, force: true })
      throw new Error(`${source} could not be restored: ${(error as Error).message}`)
    }
    return `${source} restored into ${pgdata}`
  })
}
