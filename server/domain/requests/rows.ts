import type { RequestCategory, RequestStatus } from '../shared/categories.ts'

/**
 * The rows of a request and of what hangs on it (its helper's shared position, its thank-you) as the SQL reads them.
 * Types only, importing nothing above them: the contracts of a change (change-types.ts) and the layers that implement
 * them name these rows without the modules that read and change them, which use those contracts in turn.
 */

/** A request row joined with the names and phones the answer needs. */
export interface RequestRow {
  request_id: number
  owner_id: number
  category: RequestCategory
  status: RequestStatus
  description: string
  latitude: number | null
  longitude: number | null
  is_approximate: boolean
  is_test: boolean
  views: number
  created_at: Date
  updated_at: Date
  completed_at: Date | null
  responder_id: number | null
  got_help: boolean | null
  user_name: string
  phone: string
  responder_user_name: string | null
  responder_phone: string | null
  /**
   * How far the helper was from the request when they took it over, in whole km from their position snapped to a
   * grid of about 1 km (helper-distance.ts); kept, never recomputed. Null without a helper or a location.
   */
  responder_distance_km: number | null
  phone_only_to_helper: boolean
  /**
   * The owner is suspended or banned now: an open request is then shown to admins only (hiddenBySuspension; the
   * events' isRecipient reads this).
   */
  owner_suspended: boolean
  /** The most recent helper, for whom the viewer may report or block (people.ts, mayActAbout). */
  latest_helper_id: number | null
  latest_helper_name: string | null
}

/**
 * A request as a change left it, read in the change's transaction or, on other instances, after its NOTIFY
 * (requests.ts, requestForEvent): what the live events and pushes of the change are made from.
 */
export type EventRow = RequestRow & { deleted: boolean }

/**
 * "On my way" (docs/product.md#on-my-way): the current helper's latest position, for the request's owner. Only the
 * owner and the helper read it, not admins: it is a live location, meant for the one waiting for help and nobody
 * else. The table holds one row per active response and no history; the row goes in the transaction that ends the
 * response (erasingPosition).
 */
export interface SharedPosition {
  latitude: number
  longitude: number
  /**
   * When the server took it (`shared_at`, the database's clock), not when it is read: the owner's app tells a stale
   * position by it (docs/requests.md, "On my way").
   */
  at: Date
}

/** A position as a live event needs it: whose screen it is for, and null when sharing stopped or ended. */
export interface PositionEventRow {
  requestId: number
  ownerId: number
  position: SharedPosition | null
}

/** A thank-you with the owner's name, as thanks.ts reads it. */
export interface ThanksRow {
  request_id: number
  owner_id: number
  helper_id: number
  owner_name: string
  text: string
  created_at: Date
}
