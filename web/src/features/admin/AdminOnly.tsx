import type { ReactNode } from 'react'
import { Redirect } from 'wouter'
import { PageLoader } from '#shared/ui/PageLoader.tsx'
import { useStore } from '#shared/store/store.ts'
import { selectIsAdmin, selectSessionStatus } from '#features/account'

/**
 * The guard of /admin: a visitor goes to log in, a user who is not an admin to the main screen. The role is the
 * server's (checked at start and kept current by the event stream), so an admin whose role is revoked while the
 * dashboard is open leaves it at once. The server refuses every admin call anyway; this only spares a useless screen.
 */
export function AdminOnly({ children }: { children: ReactNode }) {
  const status = useStore(selectSessionStatus)
  const isAdmin = useStore(selectIsAdmin)
  if (status === 'loggedOut') return <Redirect to="/login" replace />
  if (status === 'checking') return <PageLoader />
  if (!isAdmin) return <Redirect to="/" replace />
  return children
}
