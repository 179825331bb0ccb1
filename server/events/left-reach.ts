import type { Place } from '../domain/requests/reach.ts'
import { isRecipient, type ChangedRequest, type Listener } from './recipients.ts'

/**
 * Whether a request that moved from `previousPlace` has left this listener's list: they were told of it there (the
 * events' rule, the list's rule) and are not now. Such a listener gets `request.hidden` instead of the change, so
 * no stale copy stays on their screen. Owner, helper and admins never leave: isRecipient keeps them.
 */
export function leftReach(request: ChangedRequest, listener: Listener, previousPlace: Place): boolean {
  return isRecipient({ ...request, ...previousPlace }, listener) && !isRecipient(request, listener)
}
