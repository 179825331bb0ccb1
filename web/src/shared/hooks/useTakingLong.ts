import { useEffect, useState } from 'react'

/**
 * How long a send may take before the screen says "Sending…" in place (docs/outbox.md, "Where it shows"): a quick
 * answer shows no flicker, a slow one (a weak signal, up to the 20 s an attempt may take) is never a silent button.
 */
export const SLOW_SEND_MS = 2_000

/** True once `active` has held for `afterMs` without a break; false again as soon as it ends. */
export function useTakingLong(active: boolean, afterMs = SLOW_SEND_MS): boolean {
  const [late, setLate] = useState(false)
  useEffect(() => {
    if (!active) return
    const timer = setTimeout(() => setLate(true), afterMs)
    return () => {
      clearTimeout(timer)
      setLate(false)
    }
  }, [active, afterMs])
  return active && late
}
