/**
 * docs/product.md#screens-and-routes: nothing shows for the first 50 px of a pull, the spinner grows to at most 100 px.
 */
export const PULL_START_PX = 50
export const PULL_MAX_PX = 100
export const PULL_THRESHOLD_PX = 100

/** Spinner height for a pull of `distance` px: none below the start margin, then growing up to the maximum. */
export function pullIndicatorHeight(distance: number): number {
  return Math.min(Math.max(distance - PULL_START_PX, 0), PULL_MAX_PX)
}

/** Releasing refreshes once the pull has gone past the threshold (measured from where the finger went down). */
export function pullTriggers(distance: number, threshold = PULL_THRESHOLD_PX): boolean {
  return distance >= threshold
}
