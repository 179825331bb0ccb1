/**
 * `npm run build` step after `vite build`: writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9)
 * beside every compressible file of web/dist, which the server holds in memory with the file and sends as they are
 * (server/http/static-files.ts) instead of compressing the same bytes again on every request. docs/performance.md
 * records on-the-fly brotli of the entry chunk at 22 ms of CPU per request.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises'
import { extname, join } from 'node:path'
import { PROJECT_ROOT } from '../server/paths.ts'
import { promisify } from 'node:util'
import zlib from 'node:zlib'

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

/** Text formats only: PNGs and fonts are compressed already, and a second pass only costs. */
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.webmanifest', '.txt', '.map'])
/** Below this, headers outweigh the saving (the same threshold as the on-the-fly compression in app.ts). */
const MIN_BYTES = 1024

export interface PrecompressResult {
  files: number
  bytesBefore: number
  brotliBytes: number
}

async function* filesUnder(folder: string): AsyncGenerator<string> {
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name)
    if (entry.isDirectory()) yield* filesUnder(path)
    else if (entry.isFile()) yield path
  }
}

/** Writes `.br` and `.gz` beside each compressible file; a compressed copy that would not be smaller is left out. */
export async function precompressFolder(folder: string): Promise<PrecompressResult> {
  const result: PrecompressResult = { files: 0, bytesBefore: 0, brotliBytes: 0 }
  for await (const path of filesUnder(folder)) {
    if (!COMPRESSIBLE.has(extname(path))) continue
    const content = await readFile(path)
    if (content.length < MIN_BYTES) continue
    const [br, gz] = await Promise.all([
      brotli(content, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
      gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
    ])
    if (br.length < content.length) await writeFile(`${path}.br`, br)
    if (gz.length < content.length) await writeFile(`${path}.gz`, gz)
    result.files++
    result.bytesBefore += content.length
    result.brotliBytes += Math.min(br.length, content.length)
  }
  return result
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const { files, bytesBefore, brotliBytes } = await precompressFolder(join(PROJECT_ROOT, 'web', 'dist'))
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`
  console.log(`precompressed ${files} files of web/dist: ${kib(bytesBefore)} → ${kib(brotliBytes)} with brotli`)
}
