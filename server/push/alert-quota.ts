import type { Queryable } from '../db/queryable.ts'

/**
 * The hourly cap on alerts about other people's new requests (users.hourly_alert_cap, migration 00010), drawn on by
 * one wave inside its transaction.
 *
 * Why a counter row per user, locked, rather than counting push_alerts: those rows go when their request is deleted
 * (an account deletion cascades), which would hand out alerts again, and test requests' alerts are among them. The
 * row holds the times of the user's alerts within the last hour; a claim locks the rows of its candidates and
 * appends now() only where fewer than the cap are that recent, so two waves running at once on two instances
 * cannot both push someone past it: the second waits for the first to commit and then counts its alert.
 *
 * Deadlocks: a wave's first claim waits for rows other waves hold, locking them in user_id order, so waves waiting
 * in their first claims cannot wait in a cycle. A later claim of the same wave (filling the places of candidates who
 * reached their cap meanwhile) skips rows another wave holds instead of waiting, so it is never part of a cycle
 * either; whoever it skips just misses this wave, and the next nearest takes the place.
 */
export class AlertQuota {
  private claimed = false

  constructor(private readonly tx: Queryable) {}

  /** Takes one alert of the hour for each of these users who has one left; answers whom it was taken for. */
  async claim(userIds: readonly number[]): Promise<Set<number>> {
    if (userIds.length === 0) return new Set()
    const wait = !this.claimed
    this.claimed = true
    const sorted = [...new Set(userIds)].sort((a, b) => a - b)
    const locked = await this.tx<{ user_id: number }[]>`
      select user_id from push_alert_quota
      where user_id = any(${sorted}::int[])
      order by user_id
      for update ${wait ? this.tx`` : this.tx`skip locked`}
    `
    if (locked.length === 0) return new Set()
    // A new statement: in READ COMMITTED its snapshot sees what the waves we waited for committed.
    const taken = await this.tx<{ user_id: number }[]>`
      update push_alert_quota q
      set recent = array(select t from unnest(q.recent) t where t > now() - interval '1 hour') || now()
      from users u
      where u.user_id = q.user_id
        and q.user_id = any(${locked.map((row) => row.user_id)}::int[])
        and (select count(*) from unnest(q.recent) t where t > now() - interval '1 hour') < u.hourly_alert_cap
      returning q.user_id
    `
    return new Set(taken.map((row) => row.user_id))
  }
}

/**
 * Up to `count` of `pick`'s candidates, in its order, for whom the quota gave an alert. Someone refused (a wave
 * running at the same time took their last alert of the hour) leaves a place that the next call of `pick`, told whom
 * to pass over, fills with the next in line: the wave still gets its size when there are enough people.
 */
export async function fillFromQuota<T extends { user_id: number }>(
  quota: AlertQuota,
  count: number,
  pick: (count: number, excluded: readonly number[]) => Promise<T[]>,
): Promise<T[]> {
  const chosen: T[] = []
  const excluded: number[] = []
  while (chosen.length < count) {
    const candidates = await pick(count - chosen.length, excluded)
    if (candidates.length === 0) break
    const admitted = await quota.claim(candidates.map((candidate) => candidate.user_id))
    for (const candidate of candidates) {
      if (admitted.has(candidate.user_id)) chosen.push(candidate)
      excluded.push(candidate.user_id)
    }
  }
  return chosen
}
