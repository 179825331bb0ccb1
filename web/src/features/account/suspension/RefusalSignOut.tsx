import { useEffect, useRef } from 'react'
import { useLocation } from 'wouter'
import { useStore } from '#shared/store/store.ts'
import { selectAccountRefusal, selectSessionStatus } from '../session/slice.ts'

/**
 * An open app whose account was suspended or banned is signed out (its refresh was refused): once the session has
 * ended here it goes to the login page, which says why and how to appeal. Renders nothing.
 */
export function RefusalSignOut() {
  const refusal = useStore(selectAccountRefusal)
  const signedOut = useStore(selectSessionStatus) === 'loggedOut'
  const [location, navigate] = useLocation()
  const shown = useRef<string | null>(null)
  useEffect(() => {
    if (!refusal || !signedOut || shown.current === refusal) return
    shown.current = refusal
    if (location !== '/login') navigate('/login', { replace: true })
  }, [refusal, signedOut, location, navigate])
  return null
}
