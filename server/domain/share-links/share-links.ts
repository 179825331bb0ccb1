import type { Sql, TransactionSql } from 'postgres'
import { suspendedNow } from '../moderation/in-force.ts'
import type { Queryable } from '../../db/queryable.ts'
import { conflict, forbidden, notFound } from '../../errors.ts'
import type { SharedRequest } from '../../schemas/share-link.ts'
import { REQUEST_ERRORS } from '../requests/errors.ts'
import { lockRequest, visibleTo, type Viewer } from '../requests/requests.ts'
import type { RequestRow } from '../requests/rows.ts'
import { SHARE_LINK_ERRORS } from './errors.ts'
import { SHARE_LINK_HOURS, SHARE_LINK_HOURS_AFTER_COMPLETION } from './rules.ts'
import { hashOf, looksLikeToken, newNonce, tokenOf } from './tokens.ts'

/**
 * Share links (docs/requests.md, "Share links"): the owner of a request gives someone they trust a read-only page of
 * it, without an account. One link per request at a time (the table's primary key); the token is derived, never
 * stored (tokens.ts).
 */

/** A live link as its owner gets it; the route adds the page's address. */
export interface LiveLink {
  token: string
  expiresAt: Date
}

/** The owner's request, locked for a change of its link; 404 when the caller may not see it, 403 for anyone else. */
async function lockOwnRequest(tx: TransactionSql, viewer: Viewer, requestId: number) {
  const request = await lockRequest(tx, viewer, requestId)
  if (request.owner_id !== viewer.user_id) throw forbidden(SHARE_LINK_ERRORS.notOwner)
  return request
}

/**
 * Makes the request's link, or answers the one that is still live: a retried or repeated share creates nothing new
 * and the link already sent to a friend keeps working. An expired one is replaced. The request's row lock orders
 * parallel shares, and a share against a completion: a completed request is never shared (409). Its own transaction.
 */
export async function shareRequest(sql: Sql, viewer: Viewer, requestId: number, key: string): Promise<LiveLink> {
  return sql.begin(async (tx) => {
    const request = await lockOwnRequest(tx, viewer, requestId)
    if (request.status === 'completed') throw conflict(SHARE_LINK_ERRORS.completed)
    const nonce = newNonce()
    await tx`
      insert into share_links as l (request_id, nonce, token_hash, expires_at)
      values (
        ${requestId}, ${nonce}, ${hashOf(tokenOf(key, nonce))},
        now() + make_interval(hours => ${SHARE_LINK_HOURS})
      )
      on conflict (request_id) do update
        set nonce = excluded.nonce, token_hash = excluded.token_hash, created_at = now(),
          expires_at = excluded.expires_at
        where l.expires_at <= now()
    `
    const [link] = await tx<{ nonce: Buffer; expires_at: Date }[]>`
      select nonce, expires_at from share_links where request_id = ${requestId}
    `
    return { token: tokenOf(key, link!.nonce), expiresAt: link!.expires_at }
  })
}

/** The owner's live link of a request, or null; others 403 (404 when they may not see it). */
export async function liveLinkOf(
  sql: Queryable,
  viewer: Viewer,
  requestId: number,
  key: string,
): Promise<LiveLink | null> {
  const [row] = await sql<{ owner_id: number; nonce: Buffer | null; expires_at: Date | null }[]>`
    select r.owner_id, l.nonce, ${expiry(sql)} as expires_at
    from requests r
    left join share_links l on l.request_id = r.request_id and ${isLive(sql)}
    where r.request_id = ${requestId} and ${visibleTo(sql, viewer)}
  `
  if (!row) throw notFound(REQUEST_ERRORS.notFound)
  if (row.owner_id !== viewer.user_id) throw forbidden(SHARE_LINK_ERRORS.notOwner)
  return row.nonce && row.expires_at ? { token: tokenOf(key, row.nonce), expiresAt: row.expires_at } : null
}

/** Revokes the request's link: the row goes, so the token finds nothing from now on. Nothing to revoke is fine. */
export async function revokeLink(sql: Sql, viewer: Viewer, requestId: number): Promise<void> {
  await sql.begin(async (tx) => {
    await lockOwnRequest(tx, viewer, requestId)
    await tx`delete from share_links where request_id = ${requestId}`
  })
}

/**
 * When a link stops working at the latest (needs `l` and `r`): a day after it was made, or an hour after its request
 * was completed. `least` skips the null of a request not completed.
 */
const expiry = (sql: Queryable) => sql`
  least(l.expires_at, r.completed_at + make_interval(hours => ${SHARE_LINK_HOURS_AFTER_COMPLETION}))
`

/** A link that still opens its page: not expired, its request neither deleted nor completed over an hour ago. */
const isLive = (sql: Queryable) => sql`${expiry(sql)} > now() and r.deleted_at is null`

/** The request's fields a link's page shows (the helper's distance as the owner is told it), and the link's own. */
type SharedRow = Pick<
  RequestRow,
  | 'category'
  | 'status'
  | 'description'
  | 'latitude'
  | 'longitude'
  | 'is_approximate'
  | 'created_at'
  | 'updated_at'
  | 'completed_at'
  | 'responder_id'
  | 'responder_user_name'
  | 'responder_distance_km'
> & { on_my_way: boolean; expires_at: Date }

/**
 * The request behind a token, as the link's visitor may see it; 404 for a token that is no link, or no longer one
 * (revoked, expired, the request deleted or completed over an hour ago), all alike. The helper's part only while
 * someone helps: their name, whether they share their position now, and the whole-km distance the owner sees.
 */
export async function sharedRequest(sql: Queryable, token: string): Promise<SharedRequest> {
  if (!looksLikeToken(token)) throw notFound(SHARE_LINK_ERRORS.notValid)
  const [row] = await sql<SharedRow[]>`
    select
      r.category, r.status, r.description, r.latitude, r.longitude, r.is_approximate, r.created_at, r.updated_at,
      r.completed_at, r.responder_id, rs.user_name as responder_user_name, r.responder_distance_km,
      p.request_id is not null as on_my_way, ${expiry(sql)} as expires_at
    from share_links l
    join requests r on r.request_id = l.request_id
    left join users rs on rs.user_id = r.responder_id
    left join responder_positions p
      on p.request_id = r.request_id and p.responder_id = r.responder_id and p.latitude is not null
    where l.token_hash = ${hashOf(token)} and ${isLive(sql)}
      -- An open request of a suspended or banned owner is shown to admins only (docs/accounts.md), so not here.
      and not (r.status <> 'completed' and ${suspendedNow(sql, 'r.owner_id')})
  `
  if (!row) throw notFound(SHARE_LINK_ERRORS.notValid)
  const helping = row.status === 'in progress' && row.responder_id !== null && row.responder_user_name !== null
  return {
    category: row.category,
    status: row.status,
    description: row.description,
    latitude: row.latitude,
    longitude: row.longitude,
    isApproximate: row.is_approximate,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    completed_at: row.completed_at?.toISOString() ?? null,
    helper: helping
      ? { user_name: row.responder_user_name!, on_my_way: row.on_my_way, distance_km: row.responder_distance_km }
      : null,
    expires_at: row.expires_at.toISOString(),
  }
}

/** Links that can never open again go (housekeeping); a revoked one went at once. */
export async function purgeShareLinks(sql: Queryable): Promise<number> {
  const purged = await sql`
    delete from share_links l using requests r
    where r.request_id = l.request_id and not (${isLive(sql)})
    returning 1
  `
  return purged.length
}
