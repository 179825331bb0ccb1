import { useEffect, useState } from 'react'

export type HoursModule = typeof import('./opening-hours.ts')

let loaded: HoursModule | null = null
let loading: Promise<HoursModule> | null = null

/**
 * The opening-hours evaluation (opening-hours.ts with its large library), fetched on first use: null until it is
 * in, and while `wanted` is false (a closed list fetches nothing). The service worker keeps the chunk, so it loads
 * offline too; if it cannot load, the screens just say nothing about hours.
 */
export function useOpeningHours(wanted = true): HoursModule | null {
  const [module, setModule] = useState(loaded)
  useEffect(() => {
    if (!wanted || module) return
    let current = true
    loading ??= import('./opening-hours.ts').then((imported) => (loaded = imported))
    loading.then(
      (imported) => current && setModule(imported),
      (error: unknown) => {
        loading = null
        console.warn('Loading the opening hours failed', error)
      },
    )
    return () => {
      current = false
    }
  }, [wanted, module])
  return module
}

/** The time "open now" is evaluated at, moving on each minute while shown. */
export function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date())
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000)
    return () => clearInterval(timer)
  }, [])
  return now
}
