import type { Queryable } from '../../db/queryable.ts'

/**
 * A server-wide value made once and then shared by every instance (e.g. a signing secret nobody configured).
 * Concurrent first starts race on the insert; `on conflict do nothing` lets exactly one value win.
 */
export async function settingOrCreate<T>(sql: Queryable, key: string, create: () => T): Promise<T> {
  await sql`insert into app_settings (key, value) values (${key}, ${sql.json(create() as never)}) on conflict (key) do nothing`
  const [row] = await sql<{ value: T }[]>`select value from app_settings where key = ${key}`
  return row!.value
}
