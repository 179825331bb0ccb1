import { createHash } from 'node:crypto'
import { gzipSync } from 'node:zlib'
import t from 'tap'
import { PMTiles } from 'pmtiles'
import { writeArchive, type ArchiveTile } from '../../../scripts/basemap/pmtiles-writer.ts'
import { placeMinZoom, unwrapRing } from '../../../scripts/build-basemap.ts'
import { archiveAttribution, BufferSource } from '../../../server/tiles/archive.ts'

/**
 * scripts/basemap/pmtiles-writer.ts, read back by the `pmtiles` package the server uses, from memory as the server
 * reads the embedded basemap.
 */
const memory = (bytes: Buffer) => new BufferSource('memory', bytes)

const options = {
  tileType: 1,
  tileCompression: 2,
  minZoom: 0,
  maxZoom: 8,
  bounds: [4, 53.5, 42, 71.5] as [number, number, number, number],
  center: [23, 62.5, 4] as [number, number, number],
  metadata: { attribution: 'Natural Earth', vector_layers: [] },
}
const tile = (text: string) => gzipSync(Buffer.from(text))

t.test('tiles, repeated tiles and the metadata read back as written', async (t) => {
  const written: [number, number, number, string][] = [
    [0, 0, 0, 'world'],
    [1, 1, 0, 'land'],
    [1, 1, 1, 'land'],
    [2, 2, 1, 'land'],
    [8, 145, 74, 'helsinki'],
  ]
  const tiles = written.map(([z, x, y, text]): ArchiveTile => ({ z, x, y, data: tile(text) }))
  const archive = new PMTiles(memory(writeArchive(tiles, options)))
  const header = await archive.getHeader()
  t.equal(header.specVersion, 3)
  t.equal(header.maxZoom, 8)
  t.equal(header.numAddressedTiles, 5)
  t.equal(header.numTileContents, 3, 'the same bytes are stored once')
  t.equal(header.numTileEntries, 4, 'two neighbours with the same bytes are one run')
  t.equal(header.centerLat, 62.5)
  for (const [z, x, y, text] of written) {
    const read = await archive.getZxy(z, x, y)
    t.equal(Buffer.from(read!.data).toString(), text, `${z}/${x}/${y}`)
  }
  t.equal(await archive.getZxy(1, 0, 0), undefined, 'a tile not written is not there')
  t.same(await archive.getMetadata(), options.metadata)
})

t.test('an archive too large for one directory gets leaf directories, and every tile is found', async (t) => {
  // Tiles of many lengths, so the directory does not compress into the root's 16 KiB.
  const length = (x: number, y: number) => createHash('sha256').update(`${x}/${y}`).digest().readUInt16LE(0) % 500
  const text = (x: number, y: number) => `${x}/${y}:`.padEnd(8 + length(x, y), '.')
  const tiles: ArchiveTile[] = []
  for (let x = 0; x < 256; x++) for (let y = 0; y < 160; y++) tiles.push({ z: 8, x, y, data: Buffer.from(text(x, y)) })
  const archive = new PMTiles(memory(writeArchive(tiles, { ...options, tileCompression: 1 })))
  const header = await archive.getHeader()
  t.ok((header.leafDirectoryLength ?? 0) > 0, 'leaf directories were written')
  t.ok(header.rootDirectoryOffset + header.rootDirectoryLength <= 16_384, 'the root fits the first 16 KiB')
  for (const [x, y] of [
    [0, 0],
    [255, 159],
    [17, 123],
    [128, 5],
  ] as const) {
    const read = await archive.getZxy(8, x, y)
    t.equal(Buffer.from(read!.data).toString(), text(x, y))
  }
})

t.test('towns appear by size: capitals and cities first, villages not at all', async (t) => {
  t.equal(placeMinZoom(30_000, true), 3)
  t.equal(placeMinZoom(650_000, false), 3)
  t.equal(placeMinZoom(240_000, false), 5)
  t.equal(placeMinZoom(12_000, false), 7)
  t.equal(placeMinZoom(900, false), null)
})

t.test('a ring crossing the antimeridian carries on past 180°; one around the pole is left out', async (t) => {
  t.same(
    unwrapRing([
      [179, 71],
      [-179, 71],
      [-179, 70],
      [179, 70],
      [179, 71],
    ]),
    [
      [179, 71],
      [181, 71],
      [181, 70],
      [179, 70],
      [179, 71],
    ],
  )
  t.equal(
    unwrapRing([
      [-180, -80],
      [0, -85],
      [180, -80],
      [180, -90],
      [-180, -90],
      [-180, -80],
    ]),
    null,
  )
})

t.test('the map credits an archive in plain text, and OpenStreetMap’s contributors always', async (t) => {
  const protomaps =
    '<a href="https://github.com/protomaps/basemaps">Protomaps</a> © <a href="https://openstreetmap.org">OpenStreetMap</a>'
  t.equal(archiveAttribution({ attribution: protomaps }), 'Protomaps © OpenStreetMap contributors')
  t.equal(
    archiveAttribution({ attribution: 'Natural Earth · GeoNames (CC BY 4.0)' }),
    'Natural Earth · GeoNames (CC BY 4.0)',
  )
  t.equal(archiveAttribution({}), '© OpenStreetMap contributors', 'an archive that names nothing is taken for OSM data')
  t.equal(archiveAttribution(null), '© OpenStreetMap contributors')
})
