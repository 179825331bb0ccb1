// The live event stream's messages (docs/architecture.md, "Live events"): parsed here, applied by each feature
// (the request list's merge rules: features/requests/list-merge.ts).
import type { ServerEvent } from '#server/schemas/events.ts'
import type { RequestRole } from '#server/domain/requests/people.ts'

/** One kind of event, by its type. */
export type EventOf<T extends ServerEvent['type']> = Extract<ServerEvent, { type: T }>

function isPosition(value: unknown): value is NonNullable<EventOf<'responder.position'>['position']> {
  return (
    isObject(value) &&
    typeof value.latitude === 'number' &&
    typeof value.longitude === 'number' &&
    typeof value.at === 'string'
  )
}

const isTimeOrNull = (value: unknown) => value === null || typeof value === 'string'
const isCountOrNull = (value: unknown) => value === null || typeof value === 'number'

function isProgress(value: unknown): value is EventOf<'request.progress'>['progress'] {
  return (
    isObject(value) &&
    typeof value.alerted === 'number' &&
    typeof value.reached === 'number' &&
    typeof value.opened === 'number' &&
    isCountOrNull(value.rounds) &&
    isCountOrNull(value.last_round_alerted) &&
    isTimeOrNull(value.next_wave_at) &&
    isTimeOrNull(value.alert_more_available_at)
  )
}

/** What GET /api/events sends: the server's own type of the messages it writes. */
export type { RequestRole, ServerEvent }

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

/** A message of the stream, or null for anything this client does not know (ignored, so the server may add types). */
export function parseServerEvent(text: string): ServerEvent | null {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return null
  }
  if (!isObject(value)) return null
  switch (value.type) {
    case 'ready':
    case 'refetch':
    case 'services.changed':
    case 'notices.changed':
    case 'reports.changed':
      return { type: value.type }
    case 'request.upserted':
      return isObject(value.request) && typeof value.request.request_id === 'number'
        ? {
            type: 'request.upserted',
            request: value.request as unknown as EventOf<'request.upserted'>['request'],
            ...(value.removedBy === 'owner' || value.removedBy === 'responder' ? { removedBy: value.removedBy } : {}),
          }
        : null
    case 'request.deleted':
    case 'request.hidden':
      return typeof value.request_id === 'number' ? { type: value.type, request_id: value.request_id } : null
    case 'message.created':
      return isObject(value.message) &&
        typeof value.message.request_id === 'number' &&
        typeof value.message.message_id === 'string'
        ? { type: 'message.created', message: value.message as unknown as EventOf<'message.created'>['message'] }
        : null
    case 'thanks.received':
      return isObject(value.thanks) &&
        typeof value.thanks.request_id === 'number' &&
        typeof value.thanks.text === 'string' &&
        typeof value.thanks.owner_name === 'string'
        ? { type: 'thanks.received', thanks: value.thanks as unknown as EventOf<'thanks.received'>['thanks'] }
        : null
    case 'responder.position':
      return typeof value.request_id === 'number' && (value.position === null || isPosition(value.position))
        ? { type: 'responder.position', request_id: value.request_id, position: value.position }
        : null
    case 'request.progress':
      return typeof value.request_id === 'number' && isProgress(value.progress)
        ? { type: 'request.progress', request_id: value.request_id, progress: value.progress }
        : null
    case 'user.updated':
      return isObject(value.user) && typeof value.user.user_id === 'number'
        ? { type: 'user.updated', user: value.user as unknown as EventOf<'user.updated'>['user'] }
        : null
    default:
      return null
  }
}
