import { copyFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import t from 'tap'
import { buildBasemap, BASEMAP_MAX_ZOOM } from '../../../scripts/build-basemap.ts'
import { areaTiles, tileUrl } from '../../../server/tiles/area.ts'
import { buildTestApp, tempDir } from '../../helper.ts'
import { AREA_SIZES_PER_MINUTE } from '../../../server/routes/rate-limits.ts'

/**
 * The basemap's tiles (docs/adr/0023-a-map-of-our-own.md): GET /tiles/{z}/{x}/{y}.mvt from the embedded archive (made
 * here from its cache when the build has not), what /api/config tells the app, caching, and every refusal a 4xx.
 */
const built = buildBasemap()

/** The tile holding a point at zoom z, as every web map numbers them. */
function tileOf(z: number, lon: number, lat: number): { x: number; y: number } {
  const n = 2 ** z
  const rad = (lat * Math.PI) / 180
  return {
    x: Math.floor(((lon + 180) / 360) * n),
    y: Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n),
  }
}

const helsinki = (z: number) => {
  const { x, y } = tileOf(z, 24.94, 60.17)
  return `/tiles/${z}/${x}/${y}.mvt`
}

const app = await buildTestApp(t)
const config = (await app.inject({ url: '/api/config' })).json<{
  map: { kind: string; tileUrl: string; attribution: string; maxZoom: number | null }
}>()
const version = /\?v=([0-9a-f]+)$/.exec(config.map.tileUrl)?.[1] ?? ''

t.test('/api/config names the server’s own vector tiles, their zoom range and Natural Earth', async (t) => {
  t.equal(config.map.kind, 'vector')
  t.match(config.map.tileUrl, /^\/tiles\/\{z\}\/\{x\}\/\{y\}\.mvt\?v=[0-9a-f]{12}$/)
  t.equal(config.map.maxZoom, BASEMAP_MAX_ZOOM)
  t.match(config.map.attribution, /Natural Earth/)
  t.ok(built.bytes < 5_000_000, `the embedded archive is small enough for the binary (${built.bytes} bytes)`)
})

t.test('a tile of Helsinki is a gzipped vector tile with land and the town, kept for good', async (t) => {
  const response = await app.inject({ url: `${helsinki(10)}?v=${version}`, headers: { 'accept-encoding': 'gzip, br' } })
  t.equal(response.statusCode, 200)
  t.equal(response.headers['content-type'], 'application/vnd.mapbox-vector-tile')
  t.equal(response.headers['content-encoding'], 'gzip')
  t.equal(response.headers['cache-control'], 'public, max-age=31536000, immutable')
  t.equal(response.headers.etag, `"${version}"`)
  t.equal(response.headers.vary, 'accept-encoding')
  const tile = gunzipSync(response.rawPayload).toString('latin1')
  for (const layer of ['earth', 'places', 'Helsinki']) t.ok(tile.includes(layer), `the tile holds ${layer}`)
})

t.test('a client that takes no gzip gets the tile uncompressed', async (t) => {
  const response = await app.inject({ url: helsinki(6), headers: { 'accept-encoding': 'identity' } })
  t.equal(response.statusCode, 200)
  t.equal(response.headers['content-encoding'], undefined)
  t.ok(response.rawPayload.toString('latin1').includes('earth'))
})

t.test('without the current version the tile is checked each time, and an ETag match is 304', async (t) => {
  const response = await app.inject({ url: helsinki(8) })
  t.equal(response.headers['cache-control'], 'public, no-cache')
  const again = await app.inject({ url: helsinki(8), headers: { 'if-none-match': `"${version}"` } })
  t.equal(again.statusCode, 304)
  t.equal(again.rawPayload.length, 0)
})

t.test('open sea and places outside the area are 204: nothing to draw, no error for the map', async (t) => {
  const atlantic = tileOf(5, -30, 10)
  for (const url of [`/tiles/5/${atlantic.x}/${atlantic.y}.mvt`, '/tiles/2/0/3.mvt']) {
    const response = await app.inject({ url })
    t.equal(response.statusCode, 204, url)
    t.equal(response.rawPayload.length, 0)
  }
})

t.test('a zoom beyond the archive is 404 with a message saying its range', async (t) => {
  const response = await app.inject({ url: helsinki(BASEMAP_MAX_ZOOM + 1) })
  t.equal(response.statusCode, 404)
  t.same(response.json(), { message: `The basemap has tiles from zoom 0 to ${BASEMAP_MAX_ZOOM}` })
})

t.test('a bad z/x/y is 400 with a message, never a 500', async (t) => {
  const cases: [string, RegExp][] = [
    ['/tiles/a/1/1.mvt', /whole numbers/],
    ['/tiles/1/-1/0.mvt', /whole numbers/],
    ['/tiles/1.5/0/0.mvt', /whole numbers/],
    ['/tiles/3/8/0.mvt', /At zoom 3, x and y are below 8/],
    ['/tiles/3/0/8.mvt', /At zoom 3, x and y are below 8/],
    ['/tiles/27/0/0.mvt', /at most 26/],
    ['/tiles/99999/0/0.mvt', /Bad request|whole numbers|at most/],
    ['/tiles/1/0/0.mvt?v=' + 'x'.repeat(100), /Bad request/],
  ]
  for (const [url, message] of cases) {
    const response = await app.inject({ url })
    t.equal(response.statusCode, 400, url)
    t.match(response.json<{ message: string }>().message, message, url)
  }
  const notATile = await app.inject({ url: '/tiles/1/0/0' })
  t.equal(notATile.statusCode, 404, 'a path under /tiles/ without .mvt is no tile, and not the app shell')
  t.match(String(notATile.headers['content-type']), /application\/json/)
})

t.test('GET /tiles/area: what keeping the map around a point downloads, summed tile by tile', async (t) => {
  const answer = await app.inject({ url: '/tiles/area?latitude=60.17&longitude=24.94&radius=10' })
  t.equal(answer.statusCode, 200)
  const area = answer.json<{ version: string; minZoom: number; maxZoom: number; tiles: number; bytes: number }>()
  t.same([area.version, area.minZoom, area.maxZoom], [version, 0, BASEMAP_MAX_ZOOM])
  const tiles = areaTiles({ latitude: 60.17, longitude: 24.94 }, 10, 0, BASEMAP_MAX_ZOOM)
  t.equal(area.tiles, tiles.length)
  let bytes = 0
  for (const tile of tiles) {
    const response = await app.inject({
      url: tileUrl(config.map.tileUrl, tile),
      headers: { 'accept-encoding': 'gzip' },
    })
    bytes += response.rawPayload.length
  }
  t.equal(area.bytes, bytes, 'the sum of the bytes the tiles are sent as')
  for (const query of [
    'latitude=60.17&longitude=24.94&radius=31',
    'latitude=60.17&radius=10',
    'latitude=x&longitude=1&radius=1',
  ]) {
    t.equal((await app.inject({ url: `/tiles/area?${query}` })).statusCode, 400, `${query}: 400`)
  }
})

t.test('GET /tiles/area is limited per address: it costs a lookup per tile', async (t) => {
  const limited = await buildTestApp(t)
  const url = '/tiles/area?latitude=60.17&longitude=24.94&radius=1'
  const answers = await Promise.all(Array.from({ length: AREA_SIZES_PER_MINUTE + 5 }, () => limited.inject({ url })))
  const codes = answers.map((answer) => answer.statusCode)
  t.equal(codes.filter((code) => code === 200).length, AREA_SIZES_PER_MINUTE, 'as many as the limit, in parallel')
  t.equal(codes.filter((code) => code === 429).length, 5, 'the rest: 429')
  t.match(answers.find((answer) => answer.statusCode === 429)?.json(), { message: String }, 'with a message')
})

t.test('the page may load map data from its own origin only', async (t) => {
  const csp = String((await app.inject({ url: '/api/config' })).headers['content-security-policy'])
  t.match(csp, /img-src 'self' data: blob:;/)
  t.match(csp, /connect-src 'self';/)
})

t.test('MAP_TILES serves another archive file, under a version of its own', async (t) => {
  const file = join(tempDir(t), 'finland.pmtiles')
  copyFileSync(built.path, file)
  const other = await buildTestApp(t, { MAP_TILES: file })
  const answer = (await other.inject({ url: '/api/config' })).json<typeof config>()
  t.equal(answer.map.kind, 'vector')
  t.not(answer.map.tileUrl, config.map.tileUrl, 'a new version: tiles kept by browsers are not taken for its own')
  const tile = await other.inject({ url: helsinki(7) })
  t.equal(tile.statusCode, 200)
})

t.test('a MAP_TILES that is no PMTiles archive stops the start, naming it', async (t) => {
  const file = join(tempDir(t), 'broken.pmtiles')
  writeFileSync(file, 'not an archive')
  await t.rejects(buildTestApp(t, { MAP_TILES: file }), /broken\.pmtiles is not a PMTiles archive/)
})

t.test('with TILE_URL the app draws that tile service, and the server serves no tiles', async (t) => {
  const raster = await buildTestApp(t, { TILE_URL: 'https://tiles.example.com/{z}/{x}/{y}.png' })
  const answer = (await raster.inject({ url: '/api/config' })).json<typeof config>()
  t.same(answer.map, {
    kind: 'raster',
    tileUrl: 'https://tiles.example.com/{z}/{x}/{y}.png',
    attribution: '© OpenStreetMap contributors',
    maxZoom: null,
  })
  const tile = await raster.inject({ url: helsinki(5) })
  t.equal(tile.statusCode, 404)
  t.equal((await raster.inject({ url: '/tiles/area?latitude=60&longitude=25&radius=5' })).statusCode, 404)
  t.match(String(tile.headers['content-security-policy']), /connect-src 'self' https:\/\/tiles\.example\.com;/)
})
