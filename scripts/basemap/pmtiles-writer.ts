/**
 * A small PMTiles v3 writer (the layout of protomaps/PMTiles' spec, v3): a 127-byte header, the root directory, the
 * JSON metadata, the leaf directories and the tile data, directories and metadata gzipped. Tiles with the same bytes
 * are stored once; a run of consecutive tile ids with the same bytes is one directory entry (the sea and the inland
 * of a basemap repeat a lot). Written for the basemap the build makes (scripts/build-basemap.ts); the `pmtiles`
 * package reads what it writes (test/unit/basemap-archive.test.ts).
 */
import { createHash } from 'node:crypto'
import { gzipSync } from 'node:zlib'
import { zxyToTileId } from 'pmtiles'

export interface ArchiveTile {
  z: number
  x: number
  y: number
  /** The tile's bytes, already compressed as `tileCompression` says. */
  data: Uint8Array
}

export interface ArchiveOptions {
  /** 1 = MVT (vector tiles). */
  tileType: number
  /** 1 = none, 2 = gzip. */
  tileCompression: number
  minZoom: number
  maxZoom: number
  /** [west, south, east, north] in degrees. */
  bounds: [number, number, number, number]
  center: [number, number, number]
  metadata: Record<string, unknown>
}

interface Entry {
  tileId: number
  offset: number
  length: number
  runLength: number
}

const HEADER_BYTES = 127
/** The root directory must fit in the first 16 KiB with the header, so a reader gets both with one read. */
const ROOT_MAX_BYTES = 16_384 - HEADER_BYTES
const GZIP = 2

function writeVarint(out: number[], value: number): void {
  let rest = value
  while (rest >= 0x80) {
    out.push((rest % 0x80) | 0x80)
    rest = Math.floor(rest / 0x80)
  }
  out.push(rest)
}

/** A directory: entry count, then delta-coded tile ids, run lengths, lengths and offsets (0 = right after the last). */
function serializeDirectory(entries: readonly Entry[]): Buffer {
  const out: number[] = []
  writeVarint(out, entries.length)
  let lastId = 0
  for (const entry of entries) {
    writeVarint(out, entry.tileId - lastId)
    lastId = entry.tileId
  }
  for (const entry of entries) writeVarint(out, entry.runLength)
  for (const entry of entries) writeVarint(out, entry.length)
  entries.forEach((entry, index) => {
    const previous = entries[index - 1]
    const contiguous = previous !== undefined && entry.offset === previous.offset + previous.length
    writeVarint(out, contiguous ? 0 : entry.offset + 1)
  })
  return gzipSync(Buffer.from(out), { level: 9 })
}

/** The root alone when it fits; else leaves of `leafSize` entries, made larger until their root fits. */
function directories(entries: readonly Entry[]): { root: Buffer; leaves: Buffer } {
  const whole = serializeDirectory(entries)
  if (whole.length <= ROOT_MAX_BYTES) return { root: whole, leaves: Buffer.alloc(0) }
  for (let leafSize = 4096; ; leafSize *= 2) {
    const rootEntries: Entry[] = []
    const leafParts: Buffer[] = []
    let offset = 0
    for (let start = 0; start < entries.length; start += leafSize) {
      const leaf = serializeDirectory(entries.slice(start, start + leafSize))
      rootEntries.push({ tileId: entries[start]!.tileId, offset, length: leaf.length, runLength: 0 })
      leafParts.push(leaf)
      offset += leaf.length
    }
    const root = serializeDirectory(rootEntries)
    if (root.length <= ROOT_MAX_BYTES) return { root, leaves: Buffer.concat(leafParts) }
  }
}

function header(fields: {
  rootOffset: number
  rootLength: number
  metadataOffset: number
  metadataLength: number
  leafOffset: number
  leafLength: number
  dataOffset: number
  dataLength: number
  addressed: number
  entries: number
  contents: number
  options: ArchiveOptions
}): Buffer {
  const bytes = Buffer.alloc(HEADER_BYTES)
  bytes.write('PMTiles', 0, 'ascii')
  bytes.writeUInt8(3, 7)
  const u64 = [
    fields.rootOffset,
    fields.rootLength,
    fields.metadataOffset,
    fields.metadataLength,
    fields.leafOffset,
    fields.leafLength,
    fields.dataOffset,
    fields.dataLength,
    fields.addressed,
    fields.entries,
    fields.contents,
  ]
  u64.forEach((value, index) => bytes.writeBigUInt64LE(BigInt(value), 8 + index * 8))
  const { options } = fields
  bytes.writeUInt8(1, 96) // clustered: tile data in tile id order
  bytes.writeUInt8(GZIP, 97) // internal compression
  bytes.writeUInt8(options.tileCompression, 98)
  bytes.writeUInt8(options.tileType, 99)
  bytes.writeUInt8(options.minZoom, 100)
  bytes.writeUInt8(options.maxZoom, 101)
  const e7 = (degrees: number) => Math.round(degrees * 1e7)
  const [west, south, east, north] = options.bounds
  bytes.writeInt32LE(e7(west), 102)
  bytes.writeInt32LE(e7(south), 106)
  bytes.writeInt32LE(e7(east), 110)
  bytes.writeInt32LE(e7(north), 114)
  const [lon, lat, zoom] = options.center
  bytes.writeUInt8(zoom, 118)
  bytes.writeInt32LE(e7(lon), 119)
  bytes.writeInt32LE(e7(lat), 123)
  return bytes
}

/** The whole archive in memory (a basemap of a few megabytes). Empty tiles should be left out by the caller. */
export function writeArchive(tiles: Iterable<ArchiveTile>, options: ArchiveOptions): Buffer {
  const sorted = [...tiles]
    .map((tile) => ({ tileId: zxyToTileId(tile.z, tile.x, tile.y), data: tile.data }))
    .sort((a, b) => a.tileId - b.tileId)
  const entries: Entry[] = []
  const stored = new Map<string, { offset: number; length: number }>()
  const data: Buffer[] = []
  let dataLength = 0
  for (const { tileId, data: bytes } of sorted) {
    const hash = createHash('sha256').update(bytes).digest('base64')
    let place = stored.get(hash)
    if (!place) {
      place = { offset: dataLength, length: bytes.length }
      stored.set(hash, place)
      data.push(Buffer.from(bytes))
      dataLength += bytes.length
    }
    const last = entries.at(-1)
    if (last && last.offset === place.offset && last.tileId + last.runLength === tileId) last.runLength += 1
    else entries.push({ tileId, offset: place.offset, length: place.length, runLength: 1 })
  }
  const { root, leaves } = directories(entries)
  const metadata = gzipSync(Buffer.from(JSON.stringify(options.metadata)), { level: 9 })
  const rootOffset = HEADER_BYTES
  const metadataOffset = rootOffset + root.length
  const leafOffset = metadataOffset + metadata.length
  const dataOffset = leafOffset + leaves.length
  const head = header({
    rootOffset,
    rootLength: root.length,
    metadataOffset,
    metadataLength: metadata.length,
    leafOffset,
    leafLength: leaves.length,
    dataOffset,
    dataLength,
    addressed: sorted.length,
    entries: entries.length,
    contents: stored.size,
    options,
  })
  return Buffer.concat([head, root, metadata, leaves, ...data])
}
