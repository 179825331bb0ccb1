import { randomBytes } from 'node:crypto'
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Queryable } from '../../db/queryable.ts'

export const JWT_SECRET_FILE = 'jwt-secret'

/**
 * The signing secret when JWT_SECRET is unset: kept in DATA_DIR/jwt-secret, readable by the owner only, and never in
 * the database, where a copy of a backup would be enough to forge a token for any user. An installation from before
 * kept it in the database: it is moved out (its sessions stay valid) and removed there.
 */
export async function generatedJwtSecret(dataDir: string, sql: Queryable): Promise<string> {
  const file = join(dataDir, JWT_SECRET_FILE)
  const existing = await readSecret(file)
  const secret = existing ?? (await legacySecret(sql)) ?? randomBytes(48).toString('base64url')
  if (!existing) {
    await mkdir(dataDir, { recursive: true })
    try {
      // 'wx': two instances starting on one DATA_DIR cannot overwrite each other; the loser reads the winner's.
      await writeFile(file, secret + '\n', { mode: 0o600, flag: 'wx' })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      return (await readSecret(file))!
    }
  }
  await chmod(file, 0o600)
  await sql`delete from app_settings where key = 'jwt_secret'`
  return secret
}

async function readSecret(file: string): Promise<string | undefined> {
  try {
    const secret = (await readFile(file, 'utf8')).trim()
    if (secret.length < 32)
      throw new Error(`${file} holds no usable secret (fewer than 32 characters): delete it to make a new one`)
    return secret
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
}

async function legacySecret(sql: Queryable): Promise<string | undefined> {
  const [row] = await sql<{ value: string }[]>`select value from app_settings where key = 'jwt_secret'`
  return row?.value
}
