import type { Queryable } from '../db/queryable.ts'
import type { Language } from '../domain/accounts/rules.ts'
import type { AbilityItem } from '../domain/shared/abilities.ts'
import type { RequestCategory } from '../domain/shared/categories.ts'
import { enqueueForUsers, type PushMessage } from './jobs.ts'
import { alertPayload } from './texts.ts'

/**
 * Queues a wave's alerts: each in its recipient's language and, for a helper whose abilities fit the request, with
 * the reason (texts.ts, ABILITY_REASONS). The recipients are grouped by the item their alert names, and each group
 * queued in one statement with a payload per language: a wave costs a statement per reason (a handful at most: the
 * items of the request's category, and none), not one per recipient. Answers how many pushes were queued.
 */
export async function enqueueAlerts(
  tx: Queryable,
  recipients: ReadonlyArray<{ user_id: number; language: Language; ability?: AbilityItem | null }>,
  request: { request_id: number; category: RequestCategory; description: string },
  ownerName: string,
  message: PushMessage,
  options: Parameters<typeof enqueueForUsers>[4] = {},
): Promise<number> {
  const byReason = new Map<AbilityItem | null, Array<{ user_id: number; language: Language }>>()
  for (const recipient of recipients) {
    const reason = recipient.ability ?? null
    byReason.set(reason, [...(byReason.get(reason) ?? []), recipient])
  }
  let queued = 0
  for (const [reason, group] of byReason) {
    queued += await enqueueForUsers(
      tx,
      group,
      (language) => alertPayload(language, request, ownerName, reason),
      message,
      options,
    )
  }
  return queued
}
