import { useState } from 'react'
import type { HelpRequest } from './api.ts'
import { useStore } from '#shared/store/store.ts'
import { selectRequestsStatus } from './slice.ts'
import { selectUser } from '#features/account'
import { hasNews } from './news.ts'
import { useShownRequests } from './useShownRequests.ts'

/**
 * Whether the Requests tab should say that something new arrived while the user was elsewhere (on the map tab).
 * What the list showed while its tab was open (once loaded) counts as seen; opening the tab again clears the badge.
 */
export function useRequestsNews(onRequestsTab: boolean): boolean {
  const shown = useShownRequests()
  const status = useStore(selectRequestsStatus)
  const userId = useStore(selectUser)?.user_id
  const [seen, setSeen] = useState<readonly HelpRequest[] | null>(null)

  // Updated while rendering (React's "adjust state on a prop change"), not in an effect: the badge never flashes.
  // Before the first load there is nothing seen yet, so a list that loads after the user switched tabs is no news.
  const looking = onRequestsTab || seen === null
  if (userId === undefined) {
    if (seen !== null) setSeen(null)
  } else if (looking && status === 'loaded' && seen !== shown) {
    setSeen(shown)
  }

  return !onRequestsTab && seen !== null && userId !== undefined && hasNews(seen, shown, userId)
}
