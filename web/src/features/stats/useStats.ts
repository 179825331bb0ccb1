import { useCallback, useEffect, useState } from 'react'
import { fetchStats, type PublicStats } from './api.ts'

export type StatsState =
  { phase: 'loading'; stats: null } | { phase: 'ready'; stats: PublicStats } | { phase: 'failed'; stats: null }

/**
 * The public figures, loaded once when the page opens; `retry` asks again after a failure, and so does the device
 * coming back online. Offline, the service worker answers with the last copy it saw (web/src/service-worker.ts), if
 * any; otherwise the call fails and the page says it is offline.
 */
export function useStats(): { state: StatsState; retry: () => void } {
  const [state, setState] = useState<StatsState>({ phase: 'loading', stats: null })
  const [attempt, setAttempt] = useState(0)
  const retry = useCallback(() => {
    setState((current) => (current.phase === 'ready' ? current : { phase: 'loading', stats: null }))
    setAttempt((n) => n + 1)
  }, [])

  useEffect(() => {
    let stopped = false
    fetchStats().then(
      (stats) => {
        if (!stopped) setState({ phase: 'ready', stats })
      },
      () => {
        if (!stopped) setState((current) => (current.phase === 'ready' ? current : { phase: 'failed', stats: null }))
      },
    )
    return () => {
      stopped = true
    }
  }, [attempt])

  const failed = state.phase === 'failed'
  useEffect(() => {
    if (!failed) return
    window.addEventListener('online', retry)
    return () => window.removeEventListener('online', retry)
  }, [failed, retry])

  return { state, retry }
}
