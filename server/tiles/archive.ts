import { createHash } from 'node:crypto'
import { open, readFile, stat, type FileHandle } from 'node:fs/promises'
import { join } from 'node:path'
import {
  Compression,
  FetchSource,
  findTile,
  PMTiles,
  SharedPromiseCache,
  TileType,
  zxyToTileId,
  type Header,
  type RangeResponse,
  type Source,
} from 'pmtiles'
import { PROJECT_ROOT } from '../paths.ts'

/**
 * The basemap's PMTiles archive, read with the `pmtiles` package (docs/adr/0023-a-map-of-our-own.md): the embedded one
 * the build made (scripts/build-basemap.ts), a file, or a URL read with range requests. Tiles are handed out as the
 * archive stores them (gzipped, as both the embedded archive and Protomaps' builds store them), so a tile costs a
 * directory lookup and a read, never a compression.
 */

/** Where `npm run build` puts the embedded basemap; the single binary extracts it to the same place. */
export const EMBEDDED_BASEMAP = join(PROJECT_ROOT, 'dist', 'basemap', 'basemap.pmtiles')

/** Attribution for an archive whose metadata names none: Protomaps' builds are OpenStreetMap data. */
const DEFAULT_ATTRIBUTION = '© OpenStreetMap contributors'

export interface ArchiveTile {
  data: Buffer
  /** How `data` is compressed: 'gzip' or 'none'. */
  encoding: 'gzip' | 'none'
}

export interface TileArchive {
  /** Names this archive's content: tile URLs carry it (?v=), so a browser may keep a tile for good. */
  version: string
  minZoom: number
  maxZoom: number
  attribution: string
  /** The tile as stored; null when the archive has none there (open sea, outside its area). */
  tile(z: number, x: number, y: number): Promise<ArchiveTile | null>
  /** The stored size of the tile in bytes, read from the directory alone; 0 when the archive has none there. */
  tileSize(z: number, x: number, y: number): Promise<number>
  close(): Promise<void>
}

/** The archive held in memory: the embedded basemap is a megabyte or two. */
export class BufferSource implements Source {
  constructor(
    private readonly key: string,
    private readonly bytes: Buffer,
  ) {}
  getKey(): string {
    return this.key
  }
  async getBytes(offset: number, length: number): Promise<RangeResponse> {
    const view = this.bytes.subarray(offset, offset + length)
    return { data: view.buffer.slice(view.byteOffset, view.byteOffset + view.length) as ArrayBuffer }
  }
}

/** An archive on disk, read a range at a time: an extract of Finland is gigabytes. */
class FileHandleSource implements Source {
  constructor(
    private readonly path: string,
    private readonly handle: FileHandle,
  ) {}
  getKey(): string {
    return this.path
  }
  async getBytes(offset: number, length: number): Promise<RangeResponse> {
    const buffer = Buffer.alloc(length)
    const { bytesRead } = await this.handle.read(buffer, 0, length, offset)
    return { data: buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + bytesRead) }
  }
}

const stripTags = (text: string) =>
  text
    .replace(/<[^>]*>/g, '')
    .replace(/\s+/g, ' ')
    .trim()

/**
 * The archive's attribution as plain text (the app shows text; Protomaps' builds name their sources in links). Data
 * from OpenStreetMap must credit its contributors (ODbL): "© OpenStreetMap" alone becomes "© OpenStreetMap contributors".
 */
export function archiveAttribution(metadata: unknown): string {
  const raw = (metadata as { attribution?: unknown } | null)?.attribution
  const text = typeof raw === 'string' ? stripTags(raw) : ''
  if (text === '') return DEFAULT_ATTRIBUTION
  return /openstreetmap/i.test(text) && !/contributors/i.test(text)
    ? text.replace(/OpenStreetMap/i, 'OpenStreetMap contributors')
    : text
}

/** Opens an archive and checks that it holds vector tiles the app can draw. */
async function openSource(
  source: Source,
  identity: string | Uint8Array,
  close: () => Promise<void>,
): Promise<TileArchive> {
  const cache = new SharedPromiseCache()
  const archive = new PMTiles(source, cache)
  let header: Header
  try {
    header = await archive.getHeader()
  } catch (error) {
    await close()
    throw new Error(`${source.getKey()} is not a PMTiles archive: ${(error as Error).message}`)
  }
  if (header.tileType !== TileType.Mvt) {
    await close()
    throw new Error(`${source.getKey()} holds no vector tiles (tile type ${header.tileType}); the app draws MVT only`)
  }
  if (header.tileCompression !== Compression.Gzip && header.tileCompression !== Compression.None) {
    await close()
    throw new Error(`${source.getKey()} compresses its tiles in a way browsers cannot read (${header.tileCompression})`)
  }
  const attribution = archiveAttribution(await archive.getMetadata().catch(() => null))
  const encoding = header.tileCompression === Compression.Gzip ? 'gzip' : 'none'
  /** Where the tile's bytes lie in the tile data: the directories' entry, followed through the leaves. */
  async function lookup(z: number, x: number, y: number): Promise<{ offset: number; length: number } | null> {
    if (z < header.minZoom || z > header.maxZoom) return null
    const tileId = zxyToTileId(z, x, y)
    let offset = header.rootDirectoryOffset
    let length = header.rootDirectoryLength
    for (let depth = 0; depth <= 3; depth++) {
      const entry = findTile(await cache.getDirectory(source, offset, length, header), tileId)
      if (!entry) return null
      if (entry.runLength > 0) return entry
      offset = header.leafDirectoryOffset + entry.offset
      length = entry.length
    }
    throw new Error('PMTiles directories nested too deep')
  }
  return {
    version: createHash('sha256').update(identity).digest('hex').slice(0, 12),
    minZoom: header.minZoom,
    maxZoom: header.maxZoom,
    attribution,
    // PMTiles.getZxy would decompress the tile; this is its lookup, handing out the stored bytes instead.
    async tile(z, x, y) {
      const entry = await lookup(z, x, y)
      if (!entry) return null
      const { data } = await source.getBytes(header.tileDataOffset + entry.offset, entry.length)
      return { data: Buffer.from(data), encoding }
    },
    async tileSize(z, x, y) {
      return (await lookup(z, x, y))?.length ?? 0
    },
    close,
  }
}

/**
 * Opens MAP_TILES, or the embedded basemap when it is unset. The version hashes the whole embedded archive; for a
 * file or URL (gigabytes) it hashes the header and root directory with the size and modification time or ETag,
 * which change whenever the archive is replaced.
 */
export async function openTileArchive(location: string | undefined): Promise<TileArchive> {
  if (location === undefined) {
    const bytes = await readFile(EMBEDDED_BASEMAP)
    return openSource(new BufferSource(EMBEDDED_BASEMAP, bytes), bytes, async () => {})
  }
  if (/^https?:\/\//.test(location)) {
    const source = new FetchSource(location)
    const first = await source.getBytes(0, 16_384)
    const identity = `${location}\0${first.etag ?? ''}\0${Buffer.from(first.data).toString('base64')}`
    return openSource(source, identity, async () => {})
  }
  const handle = await open(location, 'r')
  const { size, mtimeMs } = await stat(location)
  const first = Buffer.alloc(Math.min(16_384, size))
  await handle.read(first, 0, first.length, 0)
  const identity = `${size}\0${mtimeMs}\0${first.toString('base64')}`
  return openSource(new FileHandleSource(location, handle), identity, () => handle.close())
}
