import { applyUpdate, updateWaiting } from './update.ts'

/** When this tab last reloaded into a new release (sessionStorage): at most one such reload in GUARD_MS. */
export const RELEASE_RELOAD_KEY = 'releaseReloadAt'
/** Longer than any page load: a release that still cannot load its files shows the failure, never a reload loop. */
const GUARD_MS = 5 * 60 * 1000

function reloadAllowed(now: number): boolean {
  try {
    if (now - Number(sessionStorage.getItem(RELEASE_RELOAD_KEY)) < GUARD_MS) return false
    sessionStorage.setItem(RELEASE_RELOAD_KEY, String(now))
    return true
  } catch {
    // Without storage no loop could be told from a first try: no reload at all.
    return false
  }
}

const entryScriptOf = (root: ParentNode) => root.querySelector('script[type="module"][src]')?.getAttribute('src')

/**
 * Whether the server now serves another release than the one running: its index.html names another entry script.
 * The query keeps the service worker's precache (the running release's index.html) out of the answer.
 */
async function newReleaseServed(): Promise<boolean> {
  try {
    const response = await fetch('/index.html?release', { cache: 'no-store' })
    if (!response.ok) return false
    const served = entryScriptOf(new DOMParser().parseFromString(await response.text(), 'text/html'))
    return !!served && served !== entryScriptOf(document)
  } catch {
    return false
  }
}

let checking = false

/**
 * After a file of the app could not be fetched: when a new release replaced the running one's files, the page
 * reloads into it, once (docs/pwa.md, "Never a blank page"); offline, or with nothing newer, the failed screen says
 * so instead. What the user was writing is kept as it is typed (shared/storage/drafts.ts). True when the reload is
 * decided at once (a new service worker waits), so the failure need not be shown.
 */
export function reloadIntoNewRelease(): boolean {
  if (!navigator.onLine || checking) return false
  if (updateWaiting()) {
    if (!reloadAllowed(Date.now())) return false
    applyUpdate()
    return true
  }
  checking = true
  void newReleaseServed().then((newer) => {
    checking = false
    if (newer && reloadAllowed(Date.now())) window.location.reload()
  })
  return false
}

/**
 * Vite's `vite:preloadError` (a chunk's CSS or JS that a dynamic import needs did not load): handled (its error not
 * thrown on) only when the page is reloading into a new release; otherwise the error reaches the screen's boundary.
 */
export function reloadOnPreloadErrors(target: Window): void {
  target.addEventListener('vite:preloadError', (event) => {
    if (reloadIntoNewRelease()) event.preventDefault()
  })
}
