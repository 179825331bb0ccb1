import { useEffect } from 'react'
import type { HelpRequest } from '#features/requests'
import type { HelperPosition } from './api.ts'
import { useStore } from '#shared/store/store.ts'

/**
 * The owner's view of their helper on the way: fetched when the detail opens (or a new helper takes over) and after
 * the event stream reconnects, kept current by `responder.position` events in between. Null for anyone else, and
 * when nothing is shared.
 */
export function useHelperPosition(request: HelpRequest): HelperPosition | null {
  const id = request.request_id
  const watching = request.isOwnRequest && request.status === 'in progress'
  const helperId = request.responder_id
  const watch = useStore((s) => s.watchHelperPosition)
  useEffect(() => (watching ? watch(id) : undefined), [watch, id, watching, helperId])
  return useStore((s) => (watching ? (s.helperPositions[id] ?? null) : null))
}
