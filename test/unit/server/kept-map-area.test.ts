import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { writeArchive } from '../../../scripts/basemap/pmtiles-writer.ts'
import {
  areaTiles,
  distanceKm,
  keptRadius,
  KEPT_MAX_ZOOM,
  tileBounds,
  tileUrl,
  tileX,
  tileY,
} from '../../../server/tiles/area.ts'
import { areaSize } from '../../../server/tiles/area-size.ts'
import { openTileArchive } from '../../../server/tiles/archive.ts'

/** "Keep the map of this area on this phone" (docs/pwa.md, "The kept map"): which tiles, and what they weigh. */
const helsinki = { latitude: 60.17, longitude: 24.94 }

t.test('the tile of a point at a zoom, and its bounds around the point', async (t) => {
  t.same([tileX(helsinki.longitude, 0), tileY(helsinki.latitude, 0)], [0, 0], 'zoom 0 is one tile')
  // Helsinki at zoom 10 is the tile 582/296 of OpenStreetMap's scheme.
  t.same([tileX(helsinki.longitude, 10), tileY(helsinki.latitude, 10)], [582, 296])
  const [west, south, east, north] = tileBounds({ z: 10, x: 582, y: 296 })
  t.ok(west <= helsinki.longitude && helsinki.longitude < east, 'the longitude inside')
  t.ok(south <= helsinki.latitude && helsinki.latitude < north, 'the latitude inside')
  t.same(
    tileBounds({ z: 0, x: 0, y: 0 }).map((edge) => Math.round(edge * 1e6) / 1e6),
    [-180, -85.051129, 180, 85.051129],
  )
  t.equal(tileUrl('/tiles/{z}/{x}/{y}.mvt?v=abc', { z: 3, x: 4, y: 2 }), '/tiles/3/4/2.mvt?v=abc')
})

t.test('the radius kept: whole km from 1 to 30', async (t) => {
  t.same([keptRadius(0), keptRadius(12.4), keptRadius(30), keptRadius(250)], [1, 12, 30, 30])
  t.ok(Math.abs(distanceKm(helsinki, { latitude: 60.27, longitude: 24.94 }) - 11.12) < 0.01, '0.1° north is 11.1 km')
})

t.test('the area: every tile touching the circle, from the lowest zoom to the deepest, each once', async (t) => {
  const tiles = areaTiles(helsinki, 30, 0, 20)
  t.equal(Math.max(...tiles.map(({ z }) => z)), KEPT_MAX_ZOOM, 'never deeper than zoom 15')
  t.equal(new Set(tiles.map(({ z, x, y }) => `${z}/${x}/${y}`)).size, tiles.length, 'no tile twice')
  for (let z = 0; z <= KEPT_MAX_ZOOM; z++) {
    const atZoom = tiles.filter((tile) => tile.z === z)
    t.ok(
      atZoom.some(({ x, y }) => x === tileX(helsinki.longitude, z) && y === tileY(helsinki.latitude, z)),
      `zoom ${z}: the centre's tile is in`,
    )
    // Each tile's nearest point is within 30 km; the circle is not the box around it.
    for (const tile of atZoom) {
      const [west, south, east, north] = tileBounds(tile)
      const nearest = {
        latitude: Math.min(north, Math.max(south, helsinki.latitude)),
        longitude: Math.min(east, Math.max(west, helsinki.longitude)),
      }
      if (distanceKm(helsinki, nearest) > 30) t.fail(`${z}/${tile.x}/${tile.y} lies outside the circle`)
    }
  }
  // At zoom 15 a tile is 0.61 km wide at 60°N: about π × (30 / 0.61)² ≈ 7,600 tiles, and a corner of the box is out.
  const deepest = tiles.filter(({ z }) => z === 15).length
  t.ok(deepest > 7000 && deepest < 8500, `zoom 15: ${deepest} tiles`)
  const box = (tileX(25.48, 15) - tileX(24.4, 15) + 1) * (tileY(59.9, 15) - tileY(60.44, 15) + 1)
  t.ok(deepest < box * 0.85, `fewer than the ${box} of the box around the circle`)
  t.ok(areaTiles(helsinki, 10, 0, 15).length < tiles.length / 8, '10 km: about a ninth of 30 km')
  t.same(areaTiles(helsinki, 10, 3, 2), [], 'no zooms, no tiles')
})

t.test('the size of an area: the archive’s bytes of the tiles it holds, sea tiles counted but empty', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'kept-map-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  // Sizes are all the directories know: the bytes need not be a real tile.
  const data = (bytes: number) => Buffer.alloc(bytes, bytes % 256)
  const stored = [
    { z: 0, x: 0, y: 0, data: data(100) },
    { z: 1, x: 1, y: 0, data: data(60) },
    // Helsinki's tile at zoom 2, and one far away that the area never reaches.
    { z: 2, x: tileX(24.94, 2), y: tileY(60.17, 2), data: data(40) },
    { z: 2, x: 0, y: 3, data: data(999) },
  ]
  const path = join(dir, 'area.pmtiles')
  writeFileSync(
    path,
    writeArchive(stored, {
      tileType: 1,
      tileCompression: 2,
      minZoom: 0,
      maxZoom: 3,
      bounds: [-180, -85, 180, 85],
      center: [24.94, 60.17, 2],
      metadata: { vector_layers: [] },
    }),
  )
  const archive = await openTileArchive(path)
  t.teardown(() => archive.close())
  t.equal(await archive.tileSize(1, 1, 0), 60)
  t.equal(await archive.tileSize(1, 0, 0), 0, 'a tile the archive lacks weighs nothing')
  const size = await areaSize(archive, helsinki, 10)
  t.equal(size.maxZoom, 3)
  t.equal(size.tiles, areaTiles(helsinki, 10, 0, 3).length, 'every URL of the area, zoom 0 to 3')
  t.equal(size.tiles, 4, 'one tile a zoom at 10 km')
  t.same([size.stored, size.bytes], [3, 200], 'zoom 0, 1 and 2 held; zoom 3 is sea')
})
