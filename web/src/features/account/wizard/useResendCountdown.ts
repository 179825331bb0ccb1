import { useCallback, useEffect, useRef, useState } from 'react'
import { resendWait, secondsLeft } from './countdown.ts'

/**
 * The resend countdown of one phone number: 30 s after the first code, 60 s after each resend
 * (docs/product.md#accounts). Kept by the wizard, not the code step, so going back a step does not restart it.
 */
export function useResendCountdown() {
  const sends = useRef(0)
  const [deadline, setDeadline] = useState(0)
  const [now, setNow] = useState(() => Date.now())

  useEffect(() => {
    if (deadline <= Date.now()) return
    const timer = setInterval(() => {
      const time = Date.now()
      setNow(time)
      if (time >= deadline) clearInterval(timer)
    }, 250)
    return () => clearInterval(timer)
  }, [deadline])

  /** A code was sent; `serverResendAfter` is the server's own wait, which wins when longer. */
  const codeSent = useCallback((serverResendAfter: number) => {
    sends.current += 1
    const time = Date.now()
    setNow(time)
    setDeadline(time + resendWait(sends.current, serverResendAfter) * 1000)
  }, [])

  /** Another phone number: its first code waits 30 s again. */
  const reset = useCallback(() => {
    sends.current = 0
    setDeadline(0)
  }, [])

  return { secondsLeft: secondsLeft(deadline, now), codeSent, reset }
}
