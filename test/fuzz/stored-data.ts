import type { Sql } from 'postgres'

/**
 * What a refused call changes by design: the rate limits count every call, a failed login is recorded before the
 * password is checked, a wrong verification code counts against its code, and the instances' heartbeat and the push
 * worker (waves escalating or expiring, alerts counted against each user's hourly cap, queued pushes sent) tick on
 * their own. A whole table is named by `'*'`, else
 * the columns left out of its checksum.
 */
const CHANGE_ON_REFUSAL: Record<string, '*' | string[]> = {
  rate_limit_counters: '*',
  login_attempts: '*',
  live_instances: '*',
  push_waves: '*',
  push_alerts: '*',
  push_jobs: '*',
  // A wave the worker sends records the alert times in each alerted user's quota row.
  push_alert_quota: ['recent'],
  phone_codes: ['failed_attempts'],
}

/** A checksum per table of every row (as text): two equal snapshots mean no stored data changed in between. */
export type Snapshot = Record<string, string>

export async function storedTables(sql: Sql): Promise<string[]> {
  const rows = await sql<{ name: string }[]>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'
    order by table_name
  `
  return rows.map((row) => row.name).filter((name) => CHANGE_ON_REFUSAL[name] !== '*')
}

export async function snapshot(sql: Sql, tables: readonly string[]): Promise<Snapshot> {
  const parts = tables.map((name) => {
    const ignored = CHANGE_ON_REFUSAL[name] ?? []
    return sql`select ${name} as name, md5(coalesce(string_agg(row::text, '|' order by row::text), '')) as sum
      from (select to_jsonb(t) - ${ignored}::text[] as row from ${sql(name)} t) rows`
  })
  const query = parts.reduce((all, part) => sql`${all} union all ${part}`)
  const rows = await sql<{ name: string; sum: string }[]>`${query}`
  return Object.fromEntries(rows.map((row) => [row.name, row.sum]))
}

/** The tables whose rows differ between two snapshots. */
export function changedTables(before: Snapshot, after: Snapshot): string[] {
  return Object.keys(after).filter((name) => before[name] !== after[name])
}
