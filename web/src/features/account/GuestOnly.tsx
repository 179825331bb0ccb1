import type { ReactNode } from 'react'
import { Redirect } from 'wouter'
import { PageLoader } from '#shared/ui/PageLoader.tsx'
import { useStore } from '#shared/store/store.ts'
import { selectSessionStatus } from './session/slice.ts'

/**
 * The guard of /login, /login/code, /register and /resetpassword: a logged-in user goes to the main screen
 * (docs/product.md#screens-and-routes). The contract names that target for the login guard only; the register and reset
 * guards use the same one, since a logged-in user has nothing to do on either and the main screen is where they act.
 * While a stored token is being checked, a loader shows instead of a form that might vanish a moment later.
 */
export function GuestOnly({ children }: { children: ReactNode }) {
  const status = useStore(selectSessionStatus)
  if (status === 'loggedIn') return <Redirect to="/" replace />
  if (status === 'checking') return <PageLoader />
  return children
}
