import { useEffect, useState, type ReactNode } from 'react'
import { Redirect, useSearch } from 'wouter'
import { shouldRedirectToInstall } from './install-redirect.ts'
import { isStandalone } from './platform.ts'
import { markFirstVisitHandled, wasFirstVisitHandled } from './redirect-flag.ts'

/** Whether this visit to / (with its query string) goes to /install: the facts are read from the browser now. */
export function visitGoesToInstall(search: string): boolean {
  return shouldRedirectToInstall({ handledThisSession: wasFirstVisitHandled(), standalone: isStandalone(), search })
}

/**
 * Wraps the main screen: its first visit of a browser session goes to /install once
 * (docs/product.md#screens-and-routes), before the main screen mounts and asks for the position.
 */
export function FirstVisitRedirect({ children }: { children: ReactNode }) {
  const search = useSearch()
  // Decided once per mount: the flag set below must not turn the decision around on a re-render.
  const [redirect] = useState(() => visitGoesToInstall(search))
  useEffect(markFirstVisitHandled, [])
  if (redirect) return <Redirect to="/install" replace />
  return children
}
