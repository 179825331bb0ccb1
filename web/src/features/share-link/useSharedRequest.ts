import { useEffect, useReducer } from 'react'
import { ApiError } from '#shared/api/errors.ts'
import { fetchShared } from './api.ts'
import { initialSharedState, isFinal, POLL_INTERVAL_MS, sharedReducer, type SharedState } from './shared-view.ts'

/**
 * The request behind a share link, kept fresh (docs/requests.md, "Share links"): asked at once, then every
 * POLL_INTERVAL_MS while the page is visible, at once when it becomes visible again or the device comes back online,
 * and no more once nothing can change (the request closed, the link gone). A hidden page asks nothing.
 */
export function useSharedRequest(token: string): SharedState {
  const [state, dispatch] = useReducer(sharedReducer, initialSharedState)
  const final = isFinal(state)

  useEffect(() => {
    if (final) return
    let stopped = false
    let asking = false
    let timer: ReturnType<typeof setTimeout> | undefined

    const visible = () => document.visibilityState === 'visible'
    const schedule = () => {
      clearTimeout(timer)
      if (!stopped && visible()) timer = setTimeout(() => void ask(), POLL_INTERVAL_MS)
    }
    async function ask() {
      clearTimeout(timer)
      if (stopped || asking) return
      asking = true
      try {
        const request = await fetchShared(token)
        if (!stopped) dispatch({ type: 'answer', request, at: Date.now() })
      } catch (error) {
        if (stopped) return
        // Only a 404 means the link is over; anything else (offline, 429, 5xx) is asked again later.
        dispatch(error instanceof ApiError && error.status === 404 ? { type: 'gone' } : { type: 'failed' })
      } finally {
        asking = false
        schedule()
      }
    }
    const askWhenVisible = () => (visible() ? void ask() : clearTimeout(timer))

    void ask()
    document.addEventListener('visibilitychange', askWhenVisible)
    window.addEventListener('online', askWhenVisible)
    return () => {
      stopped = true
      clearTimeout(timer)
      document.removeEventListener('visibilitychange', askWhenVisible)
      window.removeEventListener('online', askWhenVisible)
    }
  }, [token, final])

  return state
}
