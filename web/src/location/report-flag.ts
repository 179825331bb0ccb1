/** sessionStorage key: set once this browser session has reported its position (SPEC 7: once per session). */
const REPORTED_KEY = 'locationReported'

export function wasLocationReported(): boolean {
  try {
    return sessionStorage.getItem(REPORTED_KEY) === '1'
  } catch {
    return false
  }
}

export function markLocationReported(reported: boolean): void {
  try {
    if (reported) sessionStorage.setItem(REPORTED_KEY, '1')
    else sessionStorage.removeItem(REPORTED_KEY)
  } catch {
    // Without storage the report may repeat on the next page load; harmless.
  }
}
