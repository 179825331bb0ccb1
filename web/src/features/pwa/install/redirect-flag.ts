import { INSTALL_REDIRECT_KEY, landingHandlesFirstVisit } from './install-redirect.ts'

export function wasFirstVisitHandled(): boolean {
  try {
    return sessionStorage.getItem(INSTALL_REDIRECT_KEY) === '1'
  } catch {
    // Without storage the flag cannot be kept: never redirect rather than on every visit.
    return true
  }
}

export function markFirstVisitHandled(): void {
  try {
    sessionStorage.setItem(INSTALL_REDIRECT_KEY, '1')
  } catch {
    // wasFirstVisitHandled already answers true without storage.
  }
}

/** Once per page load, before any navigation: a session that starts away from / has had its first visit. */
export function noteLandingPage(pathname: string): void {
  if (landingHandlesFirstVisit(pathname)) markFirstVisitHandled()
}
