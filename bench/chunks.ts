/**
 * What the first screen costs to download: the JS and CSS of the built app that `/` loads, gzip and brotli
 * (docs/performance.md: ≤ 100 KB gzip). Two groups: what index.html names (entry script, modulepreloads, stylesheets)
 * and what the page fetched after it (lazy chunks of the first route), found by loading / in Chromium with the
 * service worker blocked (its precache would fetch everything). Sizes of the files on disk: the build's .gz
 * (level 9) and .br (quality 11) copies, or compressed here the same way where the build kept none (small files).
 *
 *   npm run build && npx tsx bench/chunks.ts
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync, brotliCompressSync, constants } from 'node:zlib'
import { chromium } from 'playwright-core'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../test/e2e/chromium.ts'
import { startAppServer } from './lib/app-server.ts'
import { indexHtmlAssets, notBuilt, WEB_DIST } from './lib/built.ts'
import { scratchDatabase } from './lib/database.ts'
import { printRows } from './lib/print.ts'
import type { Bench, BenchRow } from './lib/report.ts'

const GROUP = 'first screen size'
const TARGET_KB = 100

interface Sizes {
  raw: number
  gzip: number
  brotli: number
}

function sizesOf(path: string): Sizes {
  const file = join(WEB_DIST, path)
  const raw = readFileSync(file)
  const compressed = (suffix: string, compress: (data: Buffer) => Buffer) =>
    existsSync(file + suffix) ? readFileSync(file + suffix).length : Math.min(raw.length, compress(raw).length)
  return {
    raw: raw.length,
    gzip: compressed('.gz', (data) => gzipSync(data, { level: 9 })),
    brotli: compressed('.br', (data) => brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })),
  }
}

const sum = (paths: string[]): Sizes =>
  paths.map(sizesOf).reduce((a, b) => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip, brotli: a.brotli + b.brotli }), {
    raw: 0,
    gzip: 0,
    brotli: 0,
  })

const kb = (bytes: number) => bytes / 1024

/** The /assets/ JS and CSS that loading / fetched, in order. */
async function firstScreenAssets(): Promise<string[]> {
  const database = await scratchDatabase('chunks')
  try {
    const server = await startAppServer(database.url)
    try {
      const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS })
      try {
        const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 360, height: 740 } })
        const page = await context.newPage()
        const fetched: string[] = []
        page.on('request', (request) => {
          const path = new URL(request.url()).pathname
          if (path.startsWith('/assets/') && /\.(js|css)$/.test(path) && !fetched.includes(path)) fetched.push(path)
        })
        await page.goto(server.url + '/', { waitUntil: 'networkidle' })
        return fetched
      } finally {
        await browser.close()
      }
    } finally {
      await server.close()
    }
  } finally {
    await database.drop()
  }
}

export const chunks: Bench = {
  name: 'chunks',
  async run() {
    const missing = notBuilt(GROUP, join(WEB_DIST, 'index.html'))
    if (missing) return missing
    const { scripts, preloads, styles } = indexHtmlAssets()
    const named = [...scripts, ...preloads, ...styles]
    let lazy: string[] = []
    let browserNote: string
    if (existsSync(CHROMIUM_PATH)) {
      try {
        const fetched = await firstScreenAssets()
        lazy = fetched.filter((path) => !named.includes(path))
        browserNote = `Chromium loaded / (service worker blocked) and fetched ${fetched.length} JS/CSS files`
      } catch (error) {
        browserNote = `Chromium could not load /, so only what index.html names is counted: ${(error as Error).message}`
      }
    } else {
      browserNote = `no Chromium at ${CHROMIUM_PATH}: only what index.html names is counted`
    }
    const row = (name: string, paths: string[], extra: Partial<BenchRow> = {}): BenchRow => {
      const sizes = sum(paths)
      return {
        group: GROUP,
        name,
        value: kb(sizes.gzip),
        unit: 'KB gzip',
        note:
          `${paths.length} file${paths.length === 1 ? '' : 's'}: ${paths.map((path) => path.replace('/assets/', '')).join(', ') || 'none'}; ` +
          `${kb(sizes.brotli).toFixed(1)} KB brotli, ${kb(sizes.raw).toFixed(1)} KB uncompressed`,
        ...extra,
      }
    }
    const all = [...named, ...lazy]
    const total = kb(sum(all).gzip)
    return [
      row('index.html: entry script and modulepreloads', [...scripts, ...preloads]),
      row('index.html: stylesheets', styles),
      row('fetched by the first screen after index.html (lazy chunks, their CSS)', lazy),
      row('first screen in total (JS + CSS)', all, {
        target: `≤ ${TARGET_KB} KB gzip`,
        met: total <= TARGET_KB,
        note: `${browserNote}; ${kb(sum(all).brotli).toFixed(1)} KB brotli, ${kb(sum(all).raw).toFixed(1)} KB uncompressed`,
      }),
    ]
  },
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  printRows(await chunks.run({ quick: false }))
}
