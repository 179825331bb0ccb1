import type { Queryable } from '../../db/queryable.ts'

/** Whom a report or a block about a request names (docs/safety.md): its owner, or its helper. */
export type About = 'owner' | 'responder'

export const ABOUT_VALUES: readonly About[] = ['owner', 'responder']

/**
 * The user `about` names on this request: its owner; or its current responder, else the most recent one (after a
 * release or a removal the owner still knows who came, and may need to report or block exactly them). Null when
 * nobody ever took it over.
 */
export async function personAbout(
  sql: Queryable,
  request: { request_id: number; owner_id: number; responder_id: number | null },
  about: About,
): Promise<number | null> {
  if (about === 'owner') return request.owner_id
  if (request.responder_id !== null) return request.responder_id
  const [latest] = await sql<{ responder_id: number }[]>`
    select responder_id from request_responses where request_id = ${request.request_id}
    order by started_at desc limit 1
  `
  return latest?.responder_id ?? null
}
