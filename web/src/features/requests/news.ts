import type { HelpRequest } from './api.ts'
import { isHelper } from './selectors.ts'

/**
 * Whether the list holds something the user has not seen: a request shown now that was not shown in `seen` (the
 * list as the user last had it on screen), or a change to one of their own requests or one they help with. Other
 * people's requests changing status is not news enough for a badge.
 */
export function hasNews(seen: readonly HelpRequest[], shown: readonly HelpRequest[], userId: number): boolean {
  const seenById = new Map(seen.map((request) => [request.request_id, request]))
  return shown.some((request) => {
    const before = seenById.get(request.request_id)
    if (!before) return true
    const mine = request.isOwnRequest || isHelper(request, userId) || isHelper(before, userId)
    return mine && before.updated_at !== request.updated_at
  })
}
