import { useShallow } from 'zustand/react/shallow'
import type { HelpRequest } from './api.ts'
import { useStore } from '#shared/store/store.ts'
import { visibleRequests } from './selectors.ts'

/**
 * The requests the list shows, in its order (docs/product.md#help-requests); none for a visitor. The same array
 * while nothing in it changed (useShallow), so callers can compare it by reference.
 */
export function useShownRequests(): HelpRequest[] {
  return useStore(
    useShallow((s) =>
      s.user
        ? visibleRequests(s.requests, {
            userId: s.user.user_id,
            radius: s.user.radius,
            // Around the position the server lists requests around, so both agree on what is within reach.
            position: s.reachCentre ?? s.position,
            isAdmin: s.isAdmin,
            showAll: s.showAll,
          })
        : [],
    ),
  )
}
