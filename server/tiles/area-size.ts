import { areaTiles, KEPT_MAX_ZOOM, type Centre } from './area.ts'
import type { TileArchive } from './archive.ts'

export interface AreaSize {
  /** The archive's lowest zoom: the first kept. */
  minZoom: number
  /** The deepest zoom kept: the archive's highest, at most KEPT_MAX_ZOOM. */
  maxZoom: number
  /** Tile URLs in the area (the app fetches each; open sea answers 204). */
  tiles: number
  /** Of them, tiles the archive holds. */
  stored: number
  /** Their bytes as the archive stores them (gzip), which is what the app downloads. */
  bytes: number
}

/**
 * What keeping the map around a centre costs (docs/pwa.md, "The kept map"): the tiles of area.ts summed from the
 * archive's directories, without reading a tile. A directory lookup each: ~13,000 at zoom 15 and 30 km.
 */
export async function areaSize(archive: TileArchive, centre: Centre, radiusKm: number): Promise<AreaSize> {
  const maxZoom = Math.min(archive.maxZoom, KEPT_MAX_ZOOM)
  const tiles = areaTiles(centre, radiusKm, archive.minZoom, maxZoom)
  let stored = 0
  let bytes = 0
  for (const { z, x, y } of tiles) {
    const size = await archive.tileSize(z, x, y)
    if (size > 0) stored += 1
    bytes += size
  }
  return { minZoom: archive.minZoom, maxZoom, tiles: tiles.length, stored, bytes }
}
