// The request list's merge rules: how a live event or a fetched list changes the list held (the stream and its
// parsing are shared: shared/live/).
import type { HelpRequest } from './api.ts'
import type { RequestRole, ServerEvent } from '#shared/live/server-events.ts'
import { isHelper } from './selectors.ts'

/** The events that change the request list. */
export type RequestEvent = Extract<ServerEvent, { type: 'request.upserted' | 'request.deleted' | 'request.hidden' }>

/**
 * The list after one event: an upsert inserts or replaces by request_id (the selectors re-sort), a delete or a
 * hide (the request left the user's reach) removes.
 * An upsert never replaces a copy with a later updated_at: events queued while a fetch was in flight are applied
 * again on top of its answer, and must not roll back what the answer already shows.
 */
export function applyRequestEvent(
  requests: readonly HelpRequest[],
  event: RequestEvent,
  viewerId?: number,
): HelpRequest[] {
  if (event.type !== 'request.upserted') return requests.filter((r) => r.request_id !== event.request_id)
  const next = event.request
  const index = requests.findIndex((r) => r.request_id === next.request_id)
  if (index === -1) return [...requests, next]
  const current = requests[index] as HelpRequest
  if (Date.parse(current.updated_at) > Date.parse(next.updated_at)) return [...requests]
  return requests.map((r, i) => (i === index ? keepPhonesSeen(current, next, viewerId) : r))
}

/** A fetched list, keeping the numbers the held copies were shown (see keepPhonesSeen). */
export function withPhonesSeen(held: readonly HelpRequest[], fetched: HelpRequest[], viewerId?: number): HelpRequest[] {
  if (held.length === 0) return fetched
  const byId = new Map(held.map((request) => [request.request_id, request]))
  return fetched.map((request) => {
    const copy = byId.get(request.request_id)
    return copy ? keepPhonesSeen(copy, request, viewerId) : request
  })
}

/**
 * The list and live events carry no phone numbers for a request the viewer only looks at; opening it shows the
 * owner's number to helpers within reach. A later list copy keeps the numbers already shown, so an open detail does
 * not lose its call link at the next live change, and the offline copy has them. An account's phone never changes;
 * the helper's number is kept only while the same helper helps; a completed request shows none. A viewer
 * (`viewerId`) who was its helper and is no longer (they let go, or the owner removed them) had the owner's number as
 * the helper: it goes with that role (docs/safety.md), and only a new answer of the server shows it again.
 */
export function keepPhonesSeen(current: HelpRequest, next: HelpRequest, viewerId?: number): HelpRequest {
  if (next.status === 'completed') return next
  const noLongerHelping = viewerId !== undefined && isHelper(current, viewerId) && !isHelper(next, viewerId)
  const phone = noLongerHelping ? next.phone : (next.phone ?? current.phone)
  const sameHelper = next.responder_id !== null && next.responder_id === current.responder_id
  const responder_phone = next.responder_phone ?? (sameHelper ? current.responder_phone : null)
  return phone === next.phone && responder_phone === next.responder_phone ? next : { ...next, phone, responder_phone }
}

export type OwnRequestChange = 'takenover' | 'released'

/**
 * Whether a change of the viewer's own request deserves a notice: someone took it over (new -> in progress with a
 * helper), or it went back to new (the helper released it, or was removed). Nothing for a request not seen
 * before, nor for other users' requests.
 */
export function ownRequestChange(previous: HelpRequest | undefined, next: HelpRequest): OwnRequestChange | null {
  if (!previous || !next.isOwnRequest) return null
  if (previous.status === 'new' && next.status === 'in progress' && next.responder_id !== null) return 'takenover'
  if (previous.status === 'in progress' && next.status === 'new') return 'released'
  return null
}

export type HelpedRequestChange = 'completed' | 'deleted' | 'removed' | 'edited'

/** What an owner can change of a request while it is helped with: its words, or its place (moved, or exact ↔ approximate). */
export type EditedPart = 'description' | 'location'

export function editedParts(previous: HelpRequest, next: HelpRequest): EditedPart[] {
  const parts: EditedPart[] = []
  if (previous.description !== next.description) parts.push('description')
  const moved = previous.latitude !== next.latitude || previous.longitude !== next.longitude
  if (moved || previous.isApproximate !== next.isApproximate) parts.push('location')
  return parts
}

/**
 * Whether a change of a request the viewer was helping with (its helper while in progress) is news to them: it
 * was completed, deleted (`next` null), it has another helper or none (the owner removed them; the server still
 * sends the removed helper this change), or the owner edited its description or location while they help. A release of the viewer's own is no news to them:
 * the caller leaves those made on this device out, and the event's `removedBy` tells those made on another.
 */
export function helpedRequestChange(
  previous: HelpRequest | undefined,
  next: HelpRequest | null,
  userId: number,
  removedBy?: RequestRole,
): HelpedRequestChange | null {
  if (!previous || previous.status !== 'in progress' || !isHelper(previous, userId)) return null
  if (next === null) return 'deleted'
  if (next.status === 'completed') return 'completed'
  // 'responder': the helper released it themselves, perhaps on another device; nothing to tell them.
  if (!isHelper(next, userId)) return removedBy === 'responder' ? null : 'removed'
  // The owner changed what the helper is riding to: a new description or another place.
  if (editedParts(previous, next).length > 0) return 'edited'
  return null
}
