import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { extname, join, relative, sep } from 'node:path'
import { compressedRepresentation, Representation, type Encoded } from './representation.ts'

/** Content types of what `vite build` writes; anything else is sent as bytes. */
const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
}

/** The same text formats as the build's precompression (scripts/precompress.ts). */
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.webmanifest', '.txt', '.map', '.xml'])

/** The copies the build wrote beside a file (`.br`, `.gz`), or made here when it did not (a folder not built by us). */
const PRECOMPRESSED = ['.br', '.gz']

/** A URL path a route can hold as it is: no parameters or wildcards of the router, nothing to decode. */
const PLAIN_URL_PATH = /^[A-Za-z0-9/._~@+-]+$/

/** Headers of an answer, prebuilt once: the request only picks them. */
export type HeaderSet = Readonly<Record<string, string>>

export interface StaticAnswer {
  body: Buffer
  headers: HeaderSet
}

export interface FileHeaders {
  /** `cache-control` for this URL path. */
  cacheControl: string
  /** Sent with every answer of the file (the security headers). */
  common: HeaderSet
}

/** One file of the built app, in memory: its copies and the headers of each answer. */
export class StaticFile {
  private readonly answers = new Map<Encoded, StaticAnswer>()
  private readonly notModifiedHeaders = new Map<Encoded, HeaderSet>()

  constructor(
    readonly urlPath: string,
    private readonly representation: Representation,
    contentType: string,
    { cacheControl, common }: FileHeaders,
  ) {
    for (const copy of representation.copies) {
      // A 304 carries what would have been sent with a 200 that matters to a cache (RFC 9110, 15.4.5).
      const validators: Record<string, string> = { ...common, 'cache-control': cacheControl, etag: copy.etag }
      if (representation.negotiated) validators.vary = 'accept-encoding'
      const headers: Record<string, string> = { ...validators, 'content-type': contentType }
      if (copy.coding !== 'identity') headers['content-encoding'] = copy.coding
      this.answers.set(copy, { body: copy.body, headers })
      this.notModifiedHeaders.set(copy, validators)
    }
  }

  /** The 200 for this Accept-Encoding. */
  answer(acceptEncoding: string | undefined): StaticAnswer {
    return this.answers.get(this.representation.choose(acceptEncoding))!
  }

  /** The headers of a 304 when If-None-Match names a copy of this file, else undefined. */
  notModified(ifNoneMatch: string | undefined): HeaderSet | undefined {
    const held = this.representation.held(ifNoneMatch)
    return held && this.notModifiedHeaders.get(held)
  }
}

function filesUnder(folder: string): string[] {
  const files: string[] = []
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name)
    if (entry.isDirectory()) files.push(...filesUnder(path))
    else if (entry.isFile()) files.push(path)
  }
  return files
}

/** A strong ETag from the file's bytes: the same on every instance and after a restart, unlike size and mtime. */
const contentTag = (body: Buffer) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`

/** The file with the copies the build wrote beside it (`.br`, `.gz`), or with copies made now when it wrote none. */
async function representationOf(path: string, body: Buffer): Promise<Representation> {
  const written = (suffix: string) => (existsSync(path + suffix) ? readFileSync(path + suffix) : undefined)
  const br = written('.br')
  const gzip = written('.gz')
  if (br || gzip || !COMPRESSIBLE.has(extname(path))) return new Representation(body, contentTag(body), { br, gzip })
  return compressedRepresentation(body, contentTag(body))
}

export interface LoadedFiles {
  files: Map<string, StaticFile>
  /** Files left out because their names do not fit a route (nothing `vite build` writes). */
  skipped: string[]
  bytes: number
}

/**
 * Reads every file under `root` into memory with its compressed copies and prebuilt headers, keyed by URL path
 * (`/assets/index-abc.js`; `index.html` also as `/`). Only what is under `root` is ever answered.
 */
export async function loadStaticFiles(
  root: string,
  headersFor: (urlPath: string) => FileHeaders,
): Promise<LoadedFiles> {
  const loaded: LoadedFiles = { files: new Map(), skipped: [], bytes: 0 }
  for (const path of filesUnder(root)) {
    const extension = extname(path)
    // A build's compressed copy of another file is part of that file, not a file of its own.
    if (PRECOMPRESSED.includes(extension) && existsSync(path.slice(0, -extension.length))) continue
    const urlPath = '/' + relative(root, path).split(sep).join('/')
    if (!PLAIN_URL_PATH.test(urlPath) || urlPath.includes('/.')) {
      loaded.skipped.push(urlPath)
      continue
    }
    const body = readFileSync(path)
    const representation = await representationOf(path, body)
    const type = CONTENT_TYPES[extension] ?? 'application/octet-stream'
    // index.html is also the answer to `/`, under the cache policy of `/`.
    for (const served of urlPath === '/index.html' ? ['/', urlPath] : [urlPath]) {
      loaded.files.set(served, new StaticFile(served, representation, type, headersFor(served)))
    }
    for (const copy of representation.copies) loaded.bytes += copy.body.length
  }
  return loaded
}
