/**
 * What the phone holds of the kept map (localStorage `keptMap`), read synchronously so the settings show it at once:
 * the area, the archive its tiles are of, their size and when they were kept. The tiles are in the Cache API
 * (kept-cache.ts). Not tied to a session: the map is the phone's, like its other offline files, until Remove.
 */
export interface KeptMap {
  /** The archive version (?v=) of the kept tiles. */
  version: string
  latitude: number
  longitude: number
  /** km */
  radius: number
  tiles: number
  /** Downloaded bytes (the archive's gzip bytes). */
  bytes: number
  /** ms since the epoch */
  keptAt: number
  /** Whether the browser promised to keep this site's storage (navigator.storage.persist()). */
  persisted: boolean
}

const KEY = 'keptMap'

export function readKept(): KeptMap | null {
  try {
    const raw = localStorage.getItem(KEY)
    if (!raw) return null
    const kept = JSON.parse(raw) as Partial<KeptMap>
    return typeof kept.version === 'string' && typeof kept.bytes === 'number' && typeof kept.keptAt === 'number'
      ? (kept as KeptMap)
      : null
  } catch {
    return null
  }
}

export function saveKept(kept: KeptMap): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(kept))
  } catch (error) {
    console.warn('Saving the kept map’s record failed', error)
  }
}

export function forgetKept(): void {
  try {
    localStorage.removeItem(KEY)
  } catch {
    // Storage unavailable: nothing was kept there either.
  }
}
