import { useStore } from '#shared/store/store.ts'
import type { HelpRequest } from './api.ts'
import { searchOutcome, type SearchOutcome } from './waiting-progress.ts'

/**
 * What the search found for the owner's waiting request on screen (docs/product.md#progress-while-waiting):
 * `searching` until its progress is known, and for anyone else's request. The detail puts what else to do in the
 * progress block when nobody is near, and then leaves it out further down.
 */
export function useSearchOutcome(request: HelpRequest): SearchOutcome {
  const progress = useStore((s) => s.waitingProgress[request.request_id])
  if (!request.isOwnRequest || request.status !== 'new' || !progress) return 'searching'
  return searchOutcome(progress)
}
