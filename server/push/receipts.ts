import type { Queryable } from '../db/queryable.ts'

/**
 * Receipts of alerts (docs/live-and-push.md, "Receipts"; docs/adr/0016-alert-receipts.md): the service worker of the
 * phone that showed an alert confirms it with the token the push carried, and nothing else. The token is the only
 * key: no session, no user id, so a receipt says nothing about the person beyond "this push arrived".
 */

/** Receipts, practice alerts and their asks are kept this long, then purged by housekeeping. */
export const RECEIPT_DAYS = 30

/** What a confirmed receipt changed. */
export interface Confirmed {
  /** False: no push with this token was ever queued (or its receipt is older than RECEIPT_DAYS). */
  known: boolean
  /**
   * The request whose owner's progress gained a reached helper (the user's first confirmed device for it, while the
   * request still waits for its first helper): its owner is told (server/events/progress-delivery.ts). Null when
   * the count did not change.
   */
  progress: { requestId: number; ownerId: number } | null
}

/**
 * One statement: marks the receipt reached (only the first time: a repeat changes nothing), starts the device's
 * count of unconfirmed pushes again and notes when it was last reached. Idempotent: a second call finds the receipt
 * reached already and changes nothing.
 */
export async function confirmReceipt(sql: Queryable, receipt: string): Promise<Confirmed> {
  const [row] = await sql<{ known: boolean; request_id: number | null; owner_id: number | null }[]>`
    with reached as (
      update push_receipts set reached_at = now()
      where receipt = ${receipt}::uuid and reached_at is null
      returning endpoint, user_id, request_id
    ),
    device as (
      update push_subscriptions s set unconfirmed_in_a_row = 0, last_reached_at = now()
      from reached where s.endpoint = reached.endpoint
    )
    select exists (select 1 from push_receipts where receipt = ${receipt}::uuid) as known,
      w.request_id, w.owner_id
    from (select 1) one
    left join lateral (
      select r.request_id, r.owner_id
      from reached
      join requests r on r.request_id = reached.request_id
      where r.status = 'new' and r.deleted_at is null and r.first_responded_at is null
        -- The progress counts users: another device of this user already counted.
        and not exists (
          select 1 from push_receipts o
          where o.request_id = reached.request_id and o.user_id = reached.user_id and o.reached_at is not null
        )
    ) w on true
  `
  return {
    known: row!.known,
    progress:
      row!.request_id !== null && row!.owner_id !== null
        ? { requestId: row!.request_id, ownerId: row!.owner_id }
        : null,
  }
}

/**
 * Whether this browser's subscription is the user's, and its latest receipt (Settings → Notifications): undefined
 * when it is not the user's.
 */
export async function subscriptionCheck(
  sql: Queryable,
  userId: number,
  endpoint: string,
): Promise<{ last_reached_at: Date | null } | undefined> {
  const [row] = await sql<{ last_reached_at: Date | null }[]>`
    select last_reached_at from push_subscriptions where endpoint = ${endpoint} and user_id = ${userId}
  `
  return row
}

/** Housekeeping: receipts and practice asks older than RECEIPT_DAYS. */
export async function purgeReceipts(sql: Queryable): Promise<number> {
  const receipts = await sql`
    delete from push_receipts where queued_at < now() - make_interval(days => ${RECEIPT_DAYS}) returning 1
  `
  const asks = await sql`
    delete from practice_alerts where asked_at < now() - make_interval(days => ${RECEIPT_DAYS}) returning 1
  `
  return receipts.length + asks.length
}
