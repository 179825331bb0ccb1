/**
 * A helper who shares sends a fix at least every few seconds while their app is open (position-sharer.ts). Nothing
 * for longer than this means the app is closed, the screen locked or the signal gone: their dot is where they were,
 * not where they are, and the owner reads "last seen … ago" instead of a distance and a time that no longer hold.
 */
export const STALE_POSITION_MS = 2 * 60_000

/**
 * Whether a shared position is too old to show as current, at `nowMs`. `at` is the server's time of the update
 * (docs/requests.md, "On my way"), read against this device's clock: a clock off by minutes moves the moment.
 */
export function isPositionStale(at: string, nowMs: number): boolean {
  return nowMs - Date.parse(at) > STALE_POSITION_MS
}
