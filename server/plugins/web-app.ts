import { existsSync } from 'node:fs'
import { join } from 'node:path'
import fp from 'fastify-plugin'
import type { FastifyStaticOptions } from '@fastify/static'
import type { FastifyReply, FastifyRequest } from 'fastify'

export interface WebAppOptions {
  /** The built SPA (vite build output). */
  distDir: string
}

/** Whether `npm run build` has made the SPA: without it only the API is served. */
export const webAppBuilt = (distDir: string): boolean => existsSync(join(distDir, 'index.html'))

/** @fastify/static's options for the built SPA (app.ts registers it when built): our cache headers per file. */
export function webAppStaticOptions(distDir: string): FastifyStaticOptions {
  return {
    root: distDir,
    wildcard: false,
    // `npm run build` writes .br and .gz beside each file (scripts/precompress.ts): sent as they are, so no CPU is
    // spent compressing the same bytes per request. Files without them go through on-the-fly compression.
    preCompressed: true,
    cacheControl: false,
    setHeaders(reply, filePath) {
      const urlPath =
        '/' +
        filePath
          .slice(distDir.length)
          .replace(/^[\\/]+/, '')
          .replaceAll('\\', '/')
      reply.header('cache-control', cacheControlFor(urlPath))
    },
  }
}

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
  if (path === '/api' || path.startsWith('/api/')) return false
  const lastSegment = path.slice(path.lastIndexOf('/') + 1)
  return !lastSegment.includes('.')
}

/**
 * Answers every unknown path: JSON 404 for the API, index.html for client routes. The files themselves are
 * @fastify/static's (registered in app.ts before this when the SPA is built).
 */
export default fp<WebAppOptions>(
  async (app, { distDir }) => {
    const built = webAppBuilt(distDir)
    if (!built) app.log.warn({ distDir }, 'the web app is not built (run npm run build): only the API is served')

    app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
      if (isClientRoute(request)) {
        if (built) return reply.header('cache-control', REVALIDATE).sendFile('index.html')
        return reply.code(503).send({ message: 'The web app is not built: run npm run build' })
      }
      return reply.code(404).send({ message: 'Not found' })
    })
  },
  { name: 'web-app' },
)
