import { useCallback, useEffect, useRef, useState } from 'react'
import { useStore } from '#shared/store/store.ts'
import { fetchFigures, type Figures } from './figures-api.ts'
import { LiveRefresh } from './live-refresh.ts'

/** The limits: at most one load a second after live changes, and one every 30 s regardless. */
export const CHANGE_GAP_MS = 1000
export const PERIOD_MS = 30_000

export interface LiveFigures {
  /** The last figures loaded; null until the first load succeeds. */
  figures: Figures | null
  /** When `figures` were loaded (ms since the epoch). */
  loadedAt: number | null
  /** The last load failed: `figures`, if any, are from `loadedAt`. */
  failed: boolean
  loading: boolean
  /** Load now (or as soon as the one-second gap allows). */
  retry: () => void
}

interface LoadState {
  figures: Figures | null
  loadedAt: number | null
  failed: boolean
  loading: boolean
}

/**
 * The figures, kept fresh: loaded when the requests in the store change (the admin's event stream delivers every
 * request event there) and every 30 s while the page is visible; LiveRefresh decides when. A failed load keeps the
 * last figures and says so.
 */
export function useLiveFigures(): LiveFigures {
  const [state, setState] = useState<LoadState>({ figures: null, loadedAt: null, failed: false, loading: true })
  const refresher = useRef<LiveRefresh | null>(null)

  useEffect(() => {
    let mounted = true
    const refresh = new LiveRefresh({
      minGapMs: CHANGE_GAP_MS,
      periodMs: PERIOD_MS,
      load: async () => {
        setState((current) => ({ ...current, loading: true }))
        try {
          const figures = await fetchFigures()
          if (mounted) setState({ figures, loadedAt: Date.now(), failed: false, loading: false })
        } catch (error) {
          console.warn('Loading the admin figures failed', error)
          if (mounted) setState((current) => ({ ...current, failed: true, loading: false }))
        }
      },
    })
    refresher.current = refresh
    const followVisibility = () => refresh.setVisible(document.visibilityState === 'visible')
    followVisibility()
    document.addEventListener('visibilitychange', followVisibility)
    const unsubscribe = useStore.subscribe((now, before) => {
      if (now.requests !== before.requests) refresh.refresh()
    })
    refresh.refresh()
    return () => {
      mounted = false
      refresh.stop()
      unsubscribe()
      document.removeEventListener('visibilitychange', followVisibility)
      refresher.current = null
    }
  }, [])

  const retry = useCallback(() => refresher.current?.refresh(), [])
  return { ...state, retry }
}
