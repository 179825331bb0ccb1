import { existsSync } from 'node:fs'
import { join } from 'node:path'
import fp from 'fastify-plugin'
import fastifyStatic from '@fastify/static'
import type { FastifyReply, FastifyRequest } from 'fastify'

export interface WebAppOptions {
  /** The built SPA (vite build output). */
  distDir: string
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

/** Serves the built SPA and answers every unknown path: JSON 404 for the API, index.html for client routes. */
export default fp<WebAppOptions>(
  async (app, { distDir }) => {
    const built = existsSync(join(distDir, 'index.html'))
    if (built) {
      await app.register(fastifyStatic, {
        root: distDir,
        wildcard: false,
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
      })
    } else {
      app.log.warn({ distDir }, 'the web app is not built (run npm run build): only the API is served')
    }

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
