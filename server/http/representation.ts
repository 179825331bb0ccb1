/**
 * A body held in memory with its compressed copies and their ETags (the SPA's files, the public service list):
 * which copy an `Accept-Encoding` takes, and whether an `If-None-Match` names a copy that is still current. Each
 * answer is then one lookup and one write, with no file-system call and no compression per request
 * (docs/adr/0011-static-files-from-memory.md).
 */
import { promisify } from 'node:util'
import zlib from 'node:zlib'

export type Coding = 'br' | 'gzip' | 'identity'

/** One copy of the body as sent: its bytes, their coding and its own (strong) ETag. */
export interface Encoded {
  body: Buffer
  coding: Coding
  etag: string
}

/** The compressed codings an Accept-Encoding value takes, best first (brotli before gzip when the client ranks them alike). */
const acceptedCache = new Map<string, readonly Coding[]>()
/** Distinct Accept-Encoding values kept parsed: browsers send a handful; anything past this is parsed each time. */
const ACCEPTED_CACHE_SIZE = 64

function qualityOf(parameters: string[]): number {
  for (const parameter of parameters) {
    const [name, value] = parameter.split('=')
    if (name?.trim().toLowerCase() === 'q') {
      const q = Number(value?.trim())
      return Number.isFinite(q) ? q : 0
    }
  }
  return 1
}

function parseAccepted(header: string): readonly Coding[] {
  let br: number | undefined
  let gzip: number | undefined
  let any: number | undefined
  for (const part of header.split(',')) {
    const [name = '', ...parameters] = part.split(';')
    const coding = name.trim().toLowerCase()
    if (coding === 'br') br = qualityOf(parameters)
    else if (coding === 'gzip' || coding === 'x-gzip') gzip = qualityOf(parameters)
    else if (coding === '*') any = qualityOf(parameters)
  }
  const ranked: [Coding, number][] = [
    ['br', br ?? any ?? 0],
    ['gzip', gzip ?? any ?? 0],
  ]
  return ranked
    .filter(([, q]) => q > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([coding]) => coding)
}

/** The compressed codings this Accept-Encoding takes, best first; none when it is missing. */
export function acceptedCodings(header: string | undefined): readonly Coding[] {
  if (!header) return []
  let accepted = acceptedCache.get(header)
  if (accepted === undefined) {
    accepted = parseAccepted(header)
    if (acceptedCache.size < ACCEPTED_CACHE_SIZE) acceptedCache.set(header, accepted)
  }
  return accepted
}

/** `"tag"` → `"tag-br"`: each coding's copy gets an ETag of its own, as strong validators must (RFC 9110, 8.8.3). */
const ETAG_SUFFIX: Record<Coding, string> = { identity: '', br: '-br', gzip: '-gz' }
const etagFor = (etag: string, coding: Coding) =>
  coding === 'identity' ? etag : `${etag.slice(0, -1)}${ETAG_SUFFIX[coding]}"`

/** Weak comparison (RFC 9110, 13.1.2): `W/"x"` names the same copy as `"x"`. */
const opaqueTag = (tag: string) => (tag.startsWith('W/') ? tag.slice(2) : tag)

export class Representation {
  /** The identity copy first, then each compressed copy that is smaller. */
  readonly copies: readonly Encoded[]
  private readonly byCoding: Partial<Record<Coding, Encoded>> = {}

  /**
   * `etag` is the identity copy's, quoted (`"…"`); the compressed copies get theirs from it. A compressed copy that
   * is not smaller than the body is left out.
   */
  constructor(identity: Buffer, etag: string, compressed: { br?: Buffer | undefined; gzip?: Buffer | undefined }) {
    const copies: Encoded[] = [{ body: identity, coding: 'identity', etag }]
    for (const coding of ['br', 'gzip'] as const) {
      const body = compressed[coding]
      if (body && body.length < identity.length) copies.push({ body, coding, etag: etagFor(etag, coding) })
    }
    this.copies = copies
    for (const copy of copies) this.byCoding[copy.coding] = copy
  }

  /** Whether there is more than one copy: then caches must keep them apart (`Vary: Accept-Encoding`). */
  get negotiated(): boolean {
    return this.copies.length > 1
  }

  /** The copy to send for this Accept-Encoding: the best compressed one the client takes, else the body as is. */
  choose(acceptEncoding: string | undefined): Encoded {
    for (const coding of acceptedCodings(acceptEncoding)) {
      const copy = this.byCoding[coding]
      if (copy) return copy
    }
    return this.copies[0]!
  }

  /**
   * The copy the client already holds, when its If-None-Match names one (or `*`): the body has not changed since,
   * so a 304 with that copy's ETag answers it.
   */
  held(ifNoneMatch: string | undefined): Encoded | undefined {
    if (!ifNoneMatch) return undefined
    // The usual case first: a browser sends back exactly the one ETag it was given.
    for (const copy of this.copies) if (copy.etag === ifNoneMatch) return copy
    for (const tag of ifNoneMatch.split(',')) {
      const trimmed = tag.trim()
      if (trimmed === '*') return this.copies[0]
      const opaque = opaqueTag(trimmed)
      for (const copy of this.copies) if (copy.etag === opaque) return copy
    }
    return undefined
  }
}

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

/** Below this, headers outweigh what compression saves (the build's precompression uses the same, scripts/precompress.ts). */
export const MIN_COMPRESS_BYTES = 1024

/**
 * A body with brotli and gzip copies made now, off the event loop: for what the server builds itself and sends
 * many times (the public service list, once per change), and the app's files a build did not compress. Brotli at
 * quality 9 is within a few percent of 11 at a fraction of its time (1.8 MB of JSON: 42 ms against 3 s).
 */
export async function compressedRepresentation(body: Buffer, etag: string): Promise<Representation> {
  if (body.length < MIN_COMPRESS_BYTES) return new Representation(body, etag, {})
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
    gzip(body, { level: 9 }),
  ])
  return new Representation(body, etag, { br, gzip: gz })
}
