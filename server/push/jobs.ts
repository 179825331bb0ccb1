import type { PendingQuery, Row } from 'postgres'
import type { Queryable } from '../db/queryable.ts'
import { LANGUAGES, type Language } from '../domain/accounts/rules.ts'

export interface StoredSubscription {
  endpoint: string
  p256dh: string
  auth: string
}

export interface PushMessage {
  /** New requests are urgent for the people around; the rest can wait for a better moment. */
  urgency: 'high' | 'normal'
  /** Seconds a push service keeps trying an offline device: help is needed now, not tomorrow. */
  ttl: number
}

/** A queued push as a worker claims it: its row, the subscription's keys and which try this is (1 = the first). */
export interface PushJob extends PushMessage {
  job_id: string
  subscription: StoredSubscription
  payload: string
  attempts: number
  /** The token the phone's service worker confirms the push with (receipts.ts); null: no receipt asked for. */
  receipt: string | null
  /** A practice alert: its `navigate` gets the send time (declarative.ts, withReceipt). */
  practice: boolean
}

/**
 * A push that asks for a receipt (docs/live-and-push.md, "Receipts"): an alert of a new request, or a practice
 * alert the user asked for (no request).
 */
export type ReceiptAsked = { kind: 'alert'; requestId: number } | { kind: 'practice' }

/**
 * A device whose last this many pushes asking for a receipt were sent and never confirmed is stale: its alerts are
 * tried after the fresh devices' (claimDue). A receipt starts the count again.
 */
export const STALE_AFTER_UNCONFIRMED = 5

/**
 * Queues one push to every device of each user, with the text in that user's language: one statement, whatever
 * the number of users, so a wave of 200 costs one round trip.
 */
export async function enqueueForUsers(
  sql: Queryable,
  recipients: ReadonlyArray<{ user_id: number; language: Language }>,
  payloadFor: (language: Language) => string,
  message: PushMessage,
  options: { receipt?: ReceiptAsked } = {},
): Promise<number> {
  if (recipients.length === 0) return 0
  const languages = [...new Set(recipients.map((r) => r.language))]
  const payloads = languages.map(payloadFor)
  const queue = sql`
    insert into push_jobs (endpoint, payload, urgency, ttl${options.receipt ? sql`, receipt, stale` : sql``})
    select s.endpoint, texts.payload, ${message.urgency}, ${message.ttl}${options.receipt ? receiptColumns(sql, options.receipt) : sql``}
    from unnest(${recipients.map((r) => r.user_id)}::int[], ${recipients.map((r) => r.language)}::text[])
      as wanted (user_id, language)
    join unnest(${languages}::text[], ${payloads}::text[]) as texts (language, payload) using (language)
    join push_subscriptions s on s.user_id = wanted.user_id
  `
  if (!options.receipt) return (await sql`${queue} returning job_id`).length
  // Each push's receipt row is written with it, so a receipt can never arrive before the row it confirms.
  const [row] = await sql<{ queued: number }[]>`
    with queued as (${queue} returning endpoint, receipt),
    receipts as (
      insert into push_receipts (receipt, endpoint, user_id, request_id, kind)
      select q.receipt, q.endpoint, s.user_id,
        ${options.receipt.kind === 'alert' ? options.receipt.requestId : null}::int, ${options.receipt.kind}
      from queued q join push_subscriptions s using (endpoint)
    )
    select count(*)::int as queued from queued
  `
  return row!.queued
}

/**
 * A new random token per push, and whether the device is stale: an alert to a stale device waits for the fresh
 * ones. A practice alert never waits: the user is looking at their phone for it.
 */
const receiptColumns = (sql: Queryable, receipt: ReceiptAsked) =>
  receipt.kind === 'alert'
    ? sql`, gen_random_uuid(), s.unconfirmed_in_a_row >= ${STALE_AFTER_UNCONFIRMED}`
    : sql`, gen_random_uuid(), false`

/**
 * enqueueForUsers for one user, as a CTE (named `name`) of the statement that makes the change the push is about:
 * no round trip of its own. The text is made for every language and the statement picks the user's; nothing is
 * queued unless `when` holds there (the change was not refused). `delay`: seconds before it may be sent;
 * `messageId`: the conversation message it tells of (dropped once seen: message-push.ts).
 */
export function enqueueInStatement(
  sql: Queryable,
  name: string,
  userId: number,
  payloadFor: (language: Language) => string,
  message: PushMessage & { delay?: number; messageId?: string },
  when: PendingQuery<Row[]>,
): PendingQuery<Row[]> {
  return sql`${sql(name)} as (
    insert into push_jobs (endpoint, payload, urgency, ttl, not_before, message_id)
    select s.endpoint, texts.payload, ${message.urgency}, ${message.ttl},
      now() + make_interval(secs => ${message.delay ?? 0}), ${message.messageId ?? null}::bigint
    from users u
    join unnest(${[...LANGUAGES]}::text[], ${LANGUAGES.map(payloadFor)}::text[]) as texts (language, payload)
      on texts.language = u.language
    join push_subscriptions s on s.user_id = u.user_id
    where u.user_id = ${userId} and ${when}
  )`
}

/**
 * A device gets its pushes in the order they were queued: only the oldest queued push of each endpoint may be
 * claimed, so a stand-down can never overtake the alert it replaces (both carry the request's tag; the last one
 * shown wins). The price: a push waiting to retry holds up the later ones of the same device, whose push service
 * would most likely refuse them just the same.
 */
const FIRST_OF_ITS_DEVICE =
  'not exists (select 1 from push_jobs e where e.endpoint = j.endpoint and e.job_id < j.job_id)'

/**
 * Claims up to `limit` due pushes for this worker: a short transaction whose row locks (SKIP LOCKED) keep two
 * instances from claiming the same row, and whose new not_before (the lease) keeps it from falling due again
 * while it is being sent. A claim whose instance died falls due once the lease is over. Pushes to stale devices
 * (STALE_AFTER_UNCONFIRMED) come after every due fresh one; the index on (stale, not_before) gives that order.
 */
export async function claimDue(sql: Queryable, limit: number, leaseSeconds: number): Promise<PushJob[]> {
  const rows = await sql<Array<Omit<PushJob, 'subscription'> & StoredSubscription>>`
    with due as (
      select job_id from push_jobs j
      where not_before <= now() and ${sql.unsafe(FIRST_OF_ITS_DEVICE)}
      order by stale, not_before
      limit ${limit}
      for update skip locked
    )
    update push_jobs j
    set not_before = now() + make_interval(secs => ${leaseSeconds}), attempts = j.attempts + 1
    from due, push_subscriptions s
    where j.job_id = due.job_id and s.endpoint = j.endpoint
    returning j.job_id::text, j.payload, j.urgency, j.ttl, j.attempts, s.endpoint, s.p256dh, s.auth,
      j.receipt::text,
      (j.receipt is not null and exists (
        select 1 from push_receipts r where r.receipt = j.receipt and r.kind = 'practice'
      )) as practice
  `
  return rows.map(({ endpoint, p256dh, auth, ...job }) => ({ ...job, subscription: { endpoint, p256dh, auth } }))
}

export async function finish(sql: Queryable, jobId: string): Promise<void> {
  await sql`delete from push_jobs where job_id = ${jobId}`
}

/**
 * A push the push service took: deleted, and when it asked for a receipt, its receipt row is marked sent and its
 * device counts one more unconfirmed push, unless the receipt came first (a fast phone). Sent twice (a lease that
 * ran out), it counts once: the second finds no job.
 */
export async function finishSent(sql: Queryable, jobId: string): Promise<void> {
  await sql`
    with done as (delete from push_jobs where job_id = ${jobId} returning receipt, endpoint),
    sent as (
      update push_receipts r set sent_at = now()
      from done where r.receipt = done.receipt and r.sent_at is null
      returning r.reached_at, done.endpoint
    )
    update push_subscriptions s set unconfirmed_in_a_row = s.unconfirmed_in_a_row + 1
    from sent where s.endpoint = sent.endpoint and sent.reached_at is null
  `
}

export async function retryAfter(sql: Queryable, jobId: string, seconds: number): Promise<void> {
  await sql`update push_jobs set not_before = now() + make_interval(secs => ${seconds}) where job_id = ${jobId}`
}

/** Pushes waiting in the shared queue, sending or waiting to retry, on every instance (push_queue_waiting). */
export async function countWaiting(sql: Queryable): Promise<number> {
  const [row] = await sql<{ n: number }[]>`select count(*)::int as n from push_jobs`
  return row!.n
}

/** When the next push or wave falls due (null: nothing is waiting), so a worker sleeps exactly until then. */
export async function nextDue(sql: Queryable): Promise<Date | null> {
  const [row] = await sql<{ at: Date | null }[]>`
    select least(
      (select min(not_before) from push_jobs j where ${sql.unsafe(FIRST_OF_ITS_DEVICE)}),
      (select min(due_at) from push_waves)
    ) as at
  `
  return row!.at
}
