/**
 * Whether the background map is failing: a run of tile errors with no tile loaded since. One failed tile (a gap at
 * the edge of a tile server's coverage) is not worth a notice; a whole first view of failures is (offline with no
 * cached tiles, a tile server that is down or blocked). The next tile that loads clears it.
 */
export const FAILED_TILES_BEFORE_NOTICE = 3

export interface TileHealth {
  loaded(): void
  failed(): void
}

export function trackTileHealth(onChange: (failing: boolean) => void): TileHealth {
  let failuresInARow = 0
  let failing = false
  const set = (next: boolean) => {
    if (next === failing) return
    failing = next
    onChange(next)
  }
  return {
    loaded() {
      failuresInARow = 0
      set(false)
    },
    failed() {
      failuresInARow += 1
      if (failuresInARow >= FAILED_TILES_BEFORE_NOTICE) set(true)
    },
  }
}
