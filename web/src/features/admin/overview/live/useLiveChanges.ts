import { useEffect, useEffectEvent, useState } from 'react'
import { useStore } from '#shared/store/store.ts'
import { liveChanges, statusesById, type LiveChange } from './live-filters.ts'

/** How long a changed request stays highlighted (the row's animation and the marker's pulse last as long). */
export const FLASH_MS = 2000

/** A highlight: `at` (ms since the epoch) starts the marker's pulse; a new `generation` restarts the row's. */
export interface Flash {
  at: number
  generation: number
}

export interface LiveNews {
  /** The requests changed in the last two seconds, by id. */
  flashes: ReadonlyMap<number, Flash>
  /** The latest announcement for the polite live region. */
  announcement: string
}

/**
 * What changed live in the store's requests: new requests and new statuses are highlighted for two seconds, and
 * described (`describe`; null: not worth saying, e.g. filtered out) for screen readers. The list the dashboard
 * opens with is no news: changes count from the first list the server answered.
 */
export function useLiveChanges(describe: (change: LiveChange) => string | null): LiveNews {
  const [flashes, setFlashes] = useState<ReadonlyMap<number, Flash>>(new Map())
  const [announcement, setAnnouncement] = useState('')
  const describeLatest = useEffectEvent(describe)

  useEffect(() => {
    let generation = 0
    const timers = new Set<ReturnType<typeof setTimeout>>()
    let known = useStore.getState().requestsStatus === 'loaded' ? statusesById(useStore.getState().requests) : null

    const unsubscribe = useStore.subscribe((state, previous) => {
      if (state.requests === previous.requests && known) return
      if (!known) {
        // A list kept on the device, or one still loading, is not the baseline: the server's first answer is.
        if (state.requestsStatus === 'loaded') known = statusesById(state.requests)
        return
      }
      const changes = liveChanges(known, state.requests)
      known = statusesById(state.requests)
      if (changes.length === 0) return

      const at = Date.now()
      generation += 1
      const flash: Flash = { at, generation }
      const ids = changes.map((change) => change.request.request_id)
      setFlashes((current) => new Map([...current, ...ids.map((id) => [id, flash] as const)]))
      const timer = setTimeout(() => {
        timers.delete(timer)
        // Only the ids still carrying this flash: a later change of one of them keeps its own.
        setFlashes((current) => new Map([...current].filter(([, kept]) => kept !== flash)))
      }, FLASH_MS)
      timers.add(timer)

      const told = changes.map((change) => describeLatest(change)).filter((text) => text !== null)
      if (told.length > 0) setAnnouncement(told.join('. '))
    })
    return () => {
      unsubscribe()
      for (const timer of timers) clearTimeout(timer)
    }
  }, [])

  return { flashes, announcement }
}
