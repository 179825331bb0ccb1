import type { Queryable } from '../../db/queryable.ts'
import { badRequest } from '../../errors.ts'

/**
 * A person's part on a request: its owner, or its helper (`responder` in the API and the database, docs/architecture.md,
 * glossary). Whom a report or a block names (`about`), and who ended a response (`removedBy`).
 */
export type RequestRole = 'owner' | 'responder'

export const REQUEST_ROLES: readonly RequestRole[] = ['owner', 'responder']

export const isRequestRole = (value: string): value is RequestRole =>
  (REQUEST_ROLES as readonly string[]).includes(value)

/** The people of a request as the rule below reads them (RequestRow carries them: selectRequests). */
export interface RequestPeople {
  owner_id: number
  /** The owner's name. */
  user_name: string
  /** The most recent helper (mostRecentHelper): the current one, else the one whose take-over started last. */
  latest_helper_id: number | null
  latest_helper_name: string | null
}

/**
 * SQL columns `latest_helper_id`, `latest_helper_name` of a request `r` joined with its current helper `rs`:
 * the request's most recent helper. After a release or a removal the owner still knows who came, and may need to
 * report or block exactly them. The current helper is read from the request row, the earlier ones from
 * request_responses (every take-over, started_at): inside a change's statement (change.ts) request_responses is
 * still as it was before it, the request row as it is after.
 */
export const mostRecentHelper = (sql: Queryable) => sql`
  coalesce(r.responder_id, lr.user_id) as latest_helper_id,
  coalesce(rs.user_name, lr.user_name) as latest_helper_name
`

/** The join mostRecentHelper reads (`lr`); probed only for a request without a current helper. */
export const mostRecentHelperJoin = (sql: Queryable) => sql`
  left join lateral (
    select u.user_id, u.user_name
    from request_responses rr
    join users u on u.user_id = rr.responder_id
    where r.responder_id is null and rr.request_id = r.request_id
    order by rr.started_at desc
    limit 1
  ) lr on true
`

/** Why a viewer may not act (report, block) about `about` on a request; each action words it in its own message. */
export type ActRefusal = 'self' | 'notOwner' | 'noHelper'

/**
 * docs/safety.md, "Who may act about whom": the one rule of reports and blocks. About the owner: anyone who may see
 * the request but its owner. About the helper (the current one, else the most recent): the owner, and admins, who
 * moderate; never the helper themselves. Whether the viewer may see the request at all (visibleTo) is decided
 * before, and alike for both (404).
 */
export function actRefusal(
  viewer: { user_id: number; is_admin: boolean },
  people: RequestPeople,
  about: RequestRole,
): ActRefusal | null {
  if (about === 'owner') return people.owner_id === viewer.user_id ? 'self' : null
  if (people.owner_id !== viewer.user_id && !viewer.is_admin) return 'notOwner'
  if (people.latest_helper_id === null) return 'noHelper'
  return people.latest_helper_id === viewer.user_id ? 'self' : null
}

export interface Person {
  user_id: number
  user_name: string
}

/** The person `about` names on the request; null for a helper when nobody ever took it over. */
export function personAbout(people: RequestPeople, about: RequestRole): Person | null {
  if (about === 'owner') return { user_id: people.owner_id, user_name: people.user_name }
  if (people.latest_helper_id === null) return null
  return { user_id: people.latest_helper_id, user_name: people.latest_helper_name! }
}

/** Each person the viewer may report or block on the request, by name (the request's `mayActAbout`). */
export function mayActAbout(
  viewer: { user_id: number; is_admin: boolean },
  people: RequestPeople,
): Array<{ about: RequestRole; user_name: string }> {
  return REQUEST_ROLES.filter((about) => actRefusal(viewer, people, about) === null).map((about) => ({
    about,
    user_name: personAbout(people, about)!.user_name,
  }))
}

/**
 * A body's `about` as a role, else a 400 in the action's words. Reports and blocks check it here, not in their
 * schemas (server/schemas/request.ts, RequestRole), so both answer a wrong one alike.
 */
export function requestRoleOf(about: string, invalid: string): RequestRole {
  if (!isRequestRole(about)) throw badRequest(invalid)
  return about
}
