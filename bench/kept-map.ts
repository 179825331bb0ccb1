/**
 * What "Keep the map of this area on this phone" downloads (docs/pwa.md, "The kept map"): for 10, 20 and 30 km around
 * Helsinki and two sparse places, the tiles of server/tiles/area.ts and their bytes, summed from the embedded archive's
 * directories exactly as GET /tiles/area does. The embedded basemap (Natural Earth, zoom 0-10) is coarse; for a
 * Protomaps extract (zoom 0-15) the tile counts to zoom 15 are printed with an estimate on paper: count × an assumed
 * typical tile size (below), not a measurement. Given an archive (a Protomaps extract), its own sizes are measured
 * instead of the embedded one's.
 *
 *   npx tsx bench/kept-map.ts [archive.pmtiles]
 */
import { buildBasemap } from '../scripts/build-basemap.ts'
import { areaTiles, KEPT_MAX_ZOOM, type Centre } from '../server/tiles/area.ts'
import { areaSize } from '../server/tiles/area-size.ts'
import { openTileArchive } from '../server/tiles/archive.ts'

const PLACES: Array<{ name: string; centre: Centre; dense: boolean }> = [
  { name: 'Helsinki (60.17, 24.94)', centre: { latitude: 60.17, longitude: 24.94 }, dense: true },
  { name: 'North Karelia (62.6, 29.7)', centre: { latitude: 62.6, longitude: 29.7 }, dense: false },
  { name: 'Lapland, Savukoski (67.6, 28.9)', centre: { latitude: 67.6, longitude: 28.9 }, dense: false },
]
const RADII = [10, 20, 30]

/**
 * Assumed gzip sizes of a Protomaps basemap tile, KB: zoom 13-15 in a city (streets, buildings, POIs) and in the
 * countryside (roads, forest, lakes), and the lower zooms' (few tiles, each a larger area). Rough figures of
 * Protomaps' daily builds, for an order of magnitude only.
 */
const TYPICAL_KB = { cityDeep: 30, countryDeep: 6, shallow: 40 }

const location = process.argv[2]
if (location === undefined) buildBasemap()
const archive = await openTileArchive(location)
console.log(
  `${location ?? 'Embedded archive'}: zoom ${archive.minZoom}-${archive.maxZoom}, version ${archive.version}\n`,
)
console.log(
  '| Place | Radius | Archive: tile URLs | stored tiles | kB | Zoom 0-15: tiles | of them 13-15 | Extract, on paper: MB |',
)
console.log('|---|---|---|---|---|---|---|---|')
for (const { name, centre, dense } of PLACES) {
  for (const radius of RADII) {
    const embedded = await areaSize(archive, centre, radius)
    const deep = areaTiles(centre, radius, 0, KEPT_MAX_ZOOM)
    const deepCount = deep.filter(({ z }) => z >= 13).length
    const paper =
      deepCount * (dense ? TYPICAL_KB.cityDeep : TYPICAL_KB.countryDeep) +
      (deep.length - deepCount) * TYPICAL_KB.shallow
    console.log(
      `| ${name} | ${radius} km | ${embedded.tiles} | ${embedded.stored} | ${(embedded.bytes / 1000).toFixed(0)} | ${deep.length} | ${deepCount} | ${(paper / 1000).toFixed(0)} |`,
    )
  }
}
await archive.close()
