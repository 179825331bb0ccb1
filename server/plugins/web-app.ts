import { existsSync } from 'node:fs'
import { join } from 'node:path'
import fp from 'fastify-plugin'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { quietAccessLine } from '../http/access-log.ts'
import { answerFromMemory } from '../http/memory-answer.ts'
import { loadStaticFiles, type StaticFile } from '../http/static-files.ts'

export interface WebAppOptions {
  /** The built SPA (vite build output). */
  distDir: string
}

/** Whether `npm run build` has made the SPA: without it only the API is served. */
export const webAppBuilt = (distDir: string): boolean => existsSync(join(distDir, 'index.html'))

const IMMUTABLE = 'public, max-age=31536000, immutable'
const REVALIDATE = 'no-cache'
const SHORT = 'public, max-age=3600'

/** Vite fingerprints everything under /assets; index.html and the service worker must always be revalidated. */
export function cacheControlFor(urlPath: string): string {
  if (urlPath.startsWith('/assets/')) return IMMUTABLE
  if (urlPath === '/' || urlPath.endsWith('.html') || urlPath.endsWith('service-worker.js')) return REVALIDATE
  if (urlPath.endsWith('.webmanifest')) return REVALIDATE
  return SHORT
}

/** Client routes (/login, /info, ...) have no file extension; a missing /x.js is a real 404, not the SPA. */
function isClientRoute(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false
  const path = request.url.split('?')[0] ?? '/'
  if (path === '/api' || path.startsWith('/api/') || path.startsWith('/tiles/')) return false
  const lastSegment = path.slice(path.lastIndexOf('/') + 1)
  return !lastSegment.includes('.')
}

/** Routes of the files: no hooks of their own, no compression on the fly, their access lines at debug. */
const FILE_ROUTE = {
  compress: false,
  decompress: false,
  schema: { hide: true },
  config: { accessLog: 'quiet', securityHeaders: false },
} as const

/**
 * The built SPA, served from memory (docs/adr/0011-static-files-from-memory.md): every file of web/dist is read at
 * start with its brotli and gzip copies (the build's `.br`/`.gz`, scripts/precompress.ts), its ETag and the headers
 * of each answer, so a request costs a lookup and a write: no file-system call, no compression. Each file is a
 * route of its own; every other path reaches the not-found handler: JSON 404 for the API and for missing files,
 * index.html for client routes. A path outside web/dist is no route and so never answered from the disk.
 */
async function webApp(app: FastifyInstance, { distDir }: WebAppOptions): Promise<void> {
  const built = webAppBuilt(distDir)
  if (!built) app.log.warn({ distDir }, 'the web app is not built (run npm run build): only the API is served')
  // The same security headers as every page and API answer, built into each file's headers once.
  const common = app.securityHeaders
  const { files, skipped, bytes } = built
    ? await loadStaticFiles(distDir, (urlPath) => ({ cacheControl: cacheControlFor(urlPath), common }))
    : { files: new Map<string, StaticFile>(), skipped: [], bytes: 0 }
  if (skipped.length > 0) app.log.warn({ skipped }, 'files of the web app whose names fit no route are not served')
  if (built) app.log.info({ files: files.size, bytes }, 'the web app is served from memory')

  for (const file of files.values()) {
    app.get(file.urlPath, FILE_ROUTE, (request, reply) => {
      answerFromMemory(file, request, reply)
    })
  }
  const shell = files.get('/')

  // Route hooks do not reach this handler: it sets the security headers itself.
  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    if (isClientRoute(request) && shell) {
      quietAccessLine(request)
      answerFromMemory(shell, request, reply)
      return
    }
    app.addSecurityHeaders(request, reply)
    if (isClientRoute(request)) reply.code(503).send({ message: 'The web app is not built: run npm run build' })
    else reply.code(404).send({ message: 'Not found' })
  })
}

export default fp<WebAppOptions>(webApp, { name: 'web-app', dependencies: ['security-headers'] })
