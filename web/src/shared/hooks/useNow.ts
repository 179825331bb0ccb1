import { useEffect, useState } from 'react'

/** The clock for relative times and ages: ticks every 30 s, so "now" becomes "1 min" while the screen is open. */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000)
    return () => clearInterval(timer)
  }, [])
  return now
}
