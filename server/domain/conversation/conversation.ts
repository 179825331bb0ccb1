import type { PendingQuery, Row, Sql, TransactionSql } from 'postgres'
import type { Queryable } from '../../db/queryable.ts'
import { commaList, notifying, type Notice } from '../../db/one-statement.ts'
import { conflict, forbidden, notFound, tooManyRequests, type HttpError } from '../../errors.ts'
import type { ConversationMessage } from '../../schemas/conversation.ts'
import { MESSAGES_PER_HOUR } from './rules.ts'
import { CONVERSATION_ERRORS } from './errors.ts'
import { REQUEST_ERRORS } from '../requests/errors.ts'
import { lockForChange, lockRequest, type LockedRequest, type Viewer } from '../requests/requests.ts'
import { allowed, firstBroken, visible, type Refusal, type Rule } from '../requests/steps.ts'
import type { ConversationEventRow, MessageRow } from './rows.ts'

/**
 * Who may read and write a request's conversation (docs/product.md#conversation). Messages belong to the owner and one
 * helper: the owner reads every conversation of their request, the current helper only their own, admins all of them
 * (read only). Whoever is no longer the helper (released, removed, or the request completed) reads nothing:
 * a completed request shows no helper either (server/domain/requests/requests.ts). Nobody writes once the request is
 * completed or has no helper.
 */
export interface Access {
  /** Whose conversation the viewer reads: one helper's, or null for every one of the request. */
  helperId: number | null
  /** Null when the viewer may write now (to the current helper's conversation); else why not. */
  readOnly: ReadOnlyReason | null
  /** The one who is told of what the viewer writes, and whose read marker counts for them. */
  participant: boolean
}

export type ReadOnlyReason = 'completed' | 'noHelper' | 'admin'

export function accessOf(request: LockedRequest, viewer: Viewer): Access {
  const closed: ReadOnlyReason | null =
    request.status === 'completed' ? 'completed' : request.status !== 'in progress' ? 'noHelper' : null
  if (request.owner_id === viewer.user_id) return { helperId: null, readOnly: closed, participant: true }
  if (request.responder_id === viewer.user_id && request.status === 'in progress')
    return { helperId: viewer.user_id, readOnly: null, participant: true }
  if (viewer.is_admin) return { helperId: null, readOnly: 'admin', participant: false }
  throw forbidden(CONVERSATION_ERRORS.notParticipant)
}

/** The refusal of a write the access does not allow. */
function refuseWrite(reason: ReadOnlyReason): never {
  if (reason === 'admin') throw forbidden(CONVERSATION_ERRORS.adminReadOnly)
  throw conflict(reason === 'completed' ? CONVERSATION_ERRORS.completed : CONVERSATION_ERRORS.noHelper)
}

const selectMessages = (sql: Queryable, extraColumns = sql``) => sql`
  select m.message_id::text, m.request_id, m.helper_id, m.author_id, u.user_name as author_name, m.text, m.created_at
    ${extraColumns}
  from request_messages m
  join users u on u.user_id = m.author_id
`

export interface Conversation {
  access: Access
  messages: MessageRow[]
  /** The viewer's read marker: the newest message they have seen (as text: a bigint), null for none. */
  lastReadId: string | null
}

/** The conversation as the viewer may read it; 404 for a request they may not see, 403 for one not theirs. */
export async function readConversation(sql: Sql, viewer: Viewer, requestId: number): Promise<Conversation> {
  return sql.begin(async (tx) => {
    // Locked shared: read together with the status it was read under, never mid-release.
    const access = accessOf(await lockRequest(tx, viewer, requestId, 'share'), viewer)
    const messages = await tx<MessageRow[]>`
      ${selectMessages(tx)}
      where m.request_id = ${requestId} ${access.helperId === null ? tx`` : tx`and m.helper_id = ${access.helperId}`}
      order by m.message_id
    `
    const [marker] = await tx<{ last_read_id: string }[]>`
      select last_read_id::text from request_message_reads where request_id = ${requestId} and user_id = ${viewer.user_id}
    `
    return { access, messages, lastReadId: marker?.last_read_id ?? null }
  })
}

export interface Posted {
  message: MessageRow
  /** Who should hear of it besides the author: the other participant. */
  recipientId: number
  /** The request's owner, for the live event. */
  ownerId: number
}

/** A message about to be stored, as what goes with it needs it (its push, its NOTIFY): known once the lock is held. */
export interface Posting {
  message_id: string
  request_id: number
  author_name: string
  text: string
  recipientId: number
}

/** What goes in the statement that stores a message besides it: CTEs after its `inserted`, and NOTIFYs. */
export interface AlongWith {
  ctes: Array<PendingQuery<Row[]>>
  notices: Array<Notice | null>
}

/**
 * Stores a message from the owner or the current helper, in two statements (docs/performance.md, "Round trips
 * of a change"): the request's row lock, then one statement that checks the rules with a snapshot taken after
 * the lock was granted, stores the message, marks it read for its author and does what `along` adds (its push and
 * NOTIFY). The lock serialises every message on the request, and every change of its status: the hourly count and
 * the insert cannot interleave with a parallel post (a burst of 100 gets exactly the limit through) nor with a
 * release that would make the author a former helper.
 */
export async function postMessage(
  tx: TransactionSql,
  viewer: Viewer,
  requestId: number,
  text: string,
  along: (posting: Posting) => AlongWith,
): Promise<Posted> {
  const locked = await lockForChange(tx, viewer, requestId, {
    lockUser: false,
    waves: 'keep',
    // Taken now, so that the message's NOTIFY can name it in the statement that stores it.
    extraColumns: tx`, nextval(pg_get_serial_sequence('request_messages', 'message_id'))::text as message_id`,
  })
  if (!locked) throw notFound(REQUEST_ERRORS.notFound)
  const { message_id: messageId } = locked as typeof locked & { message_id: string }
  // The locked row is the latest: who may write is decided from it, once the request is known to be visible.
  let writeRefused: HttpError | null = null
  try {
    const access = accessOf(locked, viewer)
    if (access.readOnly) refuseWrite(access.readOnly)
  } catch (error) {
    writeRefused = error as HttpError
  }
  const helperId = locked.responder_id
  const recipientId = viewer.user_id === locked.owner_id ? helperId! : locked.owner_id
  const rules: Array<Rule<Refusal & Recent>> = [
    visible(tx, viewer),
    { broken: tx`${writeRefused !== null}::boolean`, error: () => writeRefused! },
    {
      broken: tx`recent.n >= ${MESSAGES_PER_HOUR}`,
      error: (refusal) => tooManyRequests(CONVERSATION_ERRORS.hourlyLimit, refusal.retry_after ?? 3600),
    },
  ]
  const extra =
    writeRefused === null
      ? along({ message_id: messageId, request_id: requestId, author_name: locked.viewer_name, text, recipientId })
      : { ctes: [], notices: [] }
  const [answer] = await tx<Array<Refusal & Recent & { notified: unknown } & MessageRow>>`
    with refusal as (
      select ${firstBroken(tx, rules)} as refused, recent.retry_after
      from requests r, (
        select count(*) as n, extract(epoch from min(created_at) + interval '1 hour' - now())::float8 as retry_after
        from request_messages
        where request_id = ${requestId} and author_id = ${viewer.user_id} and created_at > now() - interval '1 hour'
      ) recent
      where r.request_id = ${requestId}
    ),
    inserted as (
      insert into request_messages (message_id, request_id, helper_id, author_id, text)
      overriding system value
      select ${messageId}::bigint, ${requestId}, ${helperId}::int, ${viewer.user_id}, ${text}
      where ${allowed(tx)}
      returning *
    ),
    -- One's own message is read: it never counts as unread for its author.
    marked as (${markingRead(tx, tx`select request_id, author_id, message_id from inserted`)})
    ${extra.ctes.length > 0 ? tx`, ${commaList(tx, extra.ctes)}` : tx``}
    select refusal.refused, refusal.retry_after, m.message_id::text, m.request_id, m.helper_id, m.author_id,
      u.user_name as author_name, m.text, m.created_at,
      ${notifying(tx, extra.notices, tx`exists (select 1 from inserted)`)} as notified
    from refusal left join (inserted m join users u on u.user_id = m.author_id) on true
  `
  const { refused, retry_after, notified: _notified, ...message } = answer!
  if (refused !== null) throw rules[refused]!.error({ refused, retry_after })
  return { message, recipientId, ownerId: locked.owner_id }
}

/** The hourly count's answer besides a refusal: when the oldest message of the hour leaves it, in seconds. */
interface Recent {
  retry_after: number | null
}

/** SQL: records read markers (request, user and message id rows of `rows`), never moving one back. */
const markingRead = (sql: Queryable, rows: PendingQuery<Row[]>) => sql`
  insert into request_message_reads (request_id, user_id, last_read_id)
  ${rows}
  on conflict (request_id, user_id)
    do update set last_read_id = greatest(request_message_reads.last_read_id, excluded.last_read_id)
`

async function markRead(sql: Queryable, requestId: number, userId: number, upTo: string): Promise<void> {
  await markingRead(sql, sql`values (${requestId}, ${userId}, ${upTo}::bigint)`)
}

/**
 * The participant has seen the conversation up to `upTo` (capped at the newest message they may read): their
 * unread count drops, and the pushes still waiting for those messages are not sent.
 */
export async function markConversationRead(
  tx: TransactionSql,
  viewer: Viewer,
  requestId: number,
  upTo: string,
): Promise<void> {
  const access = accessOf(await lockRequest(tx, viewer, requestId, 'share'), viewer)
  if (!access.participant) throw forbidden(CONVERSATION_ERRORS.adminReadOnly)
  const [newest] = await tx<{ id: string | null }[]>`
    select max(message_id)::text as id from request_messages
    where request_id = ${requestId} and message_id <= ${upTo}
      ${access.helperId === null ? tx`` : tx`and helper_id = ${access.helperId}`}
  `
  if (newest!.id === null) return
  await markRead(tx, requestId, viewer.user_id, newest!.id)
  await tx`
    delete from push_jobs j using request_messages m
    where j.message_id = m.message_id and m.request_id = ${requestId} and m.message_id <= ${newest!.id}
      and m.author_id <> ${viewer.user_id}
      ${access.helperId === null ? tx`` : tx`and m.helper_id = ${access.helperId}`}
  `
}

export interface Unread {
  request_id: number
  unread: number
}

/**
 * The viewer's unread messages per request: on their own requests (every conversation) and on the one they
 * help with now (theirs only). Requests with none are left out.
 */
export async function unreadCounts(sql: Queryable, viewer: Viewer): Promise<Unread[]> {
  const me = viewer.user_id
  return sql<Unread[]>`
    select m.request_id, count(*)::int as unread
    from requests r
    join request_messages m on m.request_id = r.request_id
    left join request_message_reads rd on rd.request_id = r.request_id and rd.user_id = ${me}
    where r.deleted_at is null
      and (r.owner_id = ${me} or (r.responder_id = ${me} and r.status = 'in progress' and m.helper_id = ${me}))
      and m.author_id <> ${me}
      and m.message_id > coalesce(rd.last_read_id, 0)
    group by m.request_id
    order by m.request_id
  `
}

/**
 * CTEs of a deletion's statement: a deleted request's conversation goes with it (the request row itself stays,
 * soft-deleted), `when` the deletion is made (not refused).
 */
export const deletingConversation = (sql: Queryable, requestId: number, when: PendingQuery<Row[]>) => [
  sql`messages_gone as (delete from request_messages where request_id = ${requestId} and ${when})`,
  sql`reads_gone as (delete from request_message_reads where request_id = ${requestId} and ${when})`,
]

/**
 * Conversations last as long as their request is listed: purged REQUEST_HISTORY_DAYS after completion, and at
 * once for a deleted request (deletingConversation's net, should one ever have been missed).
 */
export async function purgeConversations(sql: Queryable, historyDays: number): Promise<number> {
  const old = sql`(
    select request_id from requests
    where deleted_at is not null
      or (status = 'completed' and completed_at <= now() - make_interval(days => ${historyDays}))
  )`
  const purged = await sql`delete from request_messages where request_id in ${old} returning 1`
  await sql`delete from request_message_reads where request_id in ${old}`
  return purged.length
}

export async function messageForEvent(sql: Queryable, messageId: string): Promise<ConversationEventRow | undefined> {
  const [row] = await sql<(MessageRow & { owner_id: number })[]>`
    ${selectMessages(sql, sql`, r.owner_id`)}
    join requests r on r.request_id = m.request_id
    where m.message_id = ${messageId} and r.deleted_at is null
  `
  if (!row) return undefined
  const { owner_id, ...message } = row
  return { message, ownerId: owner_id }
}

/** The answer's shape of a message (the same for both participants and admins). */
export function conversationMessageFor(row: MessageRow): ConversationMessage {
  return {
    message_id: row.message_id,
    request_id: row.request_id,
    author_id: row.author_id,
    author_name: row.author_name,
    text: row.text,
    created_at: row.created_at.toISOString(),
  }
}
