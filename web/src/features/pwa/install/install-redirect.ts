/**
 * The one-time redirect from / to /install (docs/product.md#screens-and-routes). Pure: no DOM and no storage, so tap
 * tests and the e2e helpers can load it.
 */

/**
 * sessionStorage key (per browser session: docs/product.md#screens-and-routes): set once the first visit to / of this
 * session has been handled.
 */
export const INSTALL_REDIRECT_KEY = 'installRedirected'

export interface FirstVisitFacts {
  /** The flag of INSTALL_REDIRECT_KEY: / or /install was already visited in this browser session. */
  handledThisSession: boolean
  /** Running as the installed app: there is nothing left to install. */
  standalone: boolean
  /** The query string of /, e.g. "?request=12". */
  search: string
}

/** Whether this visit to / goes to /install instead. */
export function shouldRedirectToInstall({ handledThisSession, standalone, search }: FirstVisitFacts): boolean {
  if (handledThisSession || standalone) return false
  // `/?request=<id>` is what a push notification opens: the user came for that request, and a detour through the
  // install page would hide it. Such a visit still counts as the session's first one (the caller sets the flag),
  // so closing the request, which goes back to /, does not send the user to /install either.
  // So is `/?practice=...`, a tapped practice alert, whose card says how long the alert took.
  const params = new URLSearchParams(search)
  if (params.has('request') || params.has('practice')) return false
  return true
}

/**
 * Whether a page load ends the session's chance of a first visit to /: it does when the session starts elsewhere.
 * Someone who opens a bookmarked /login or /register came to log in and use the app; the / they land on afterwards
 * is not a first visit, so login and registration never end on the install page.
 */
export function landingHandlesFirstVisit(pathname: string): boolean {
  return pathname !== '/'
}
