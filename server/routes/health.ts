import { Type } from '@sinclair/typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'

const READY_TIMEOUT_MS = 2000

const Status = Type.Object({ status: Type.String() }, { examples: [{ status: 'ok' }] })
const Message = Type.Object({ message: Type.String() }, { examples: [{ message: 'Database unavailable' }] })

/**
 * Probes answer a load balancer every few seconds: no security headers (no browser reads them), no compression of
 * a few bytes, and their access lines at debug only (docs/operating.md, "Access log").
 */
const PROBE = {
  compress: false,
  decompress: false,
  config: { accessLog: 'quiet', securityHeaders: false },
} as const

/** Liveness for the process, readiness for the database: a load balancer routes only to ready instances. */
const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/healthz',
    {
      ...PROBE,
      schema: {
        tags: ['health'],
        summary: 'Liveness: the process answers',
        response: { 200: Status },
      },
    },
    async () => ({ status: 'ok' }),
  )

  const readiness = {
    tags: ['health'],
    summary: 'Readiness: the database answers within 2 s',
    description: 'A load balancer sends traffic only to an instance answering 200 here.',
    response: { 200: Status, 503: Message },
  }
  app.get('/readyz', { ...PROBE, schema: readiness }, async (request, reply) => {
    try {
      await withTimeout(app.sql`select 1`.execute(), READY_TIMEOUT_MS)
      return { status: 'ready' }
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check failed')
      return reply.code(503).send({ message: 'Database unavailable' })
    }
  })
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

export default healthRoutes
