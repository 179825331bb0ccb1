import { createHash, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { Config } from '../config.ts'
import { notFound, unauthorized } from '../errors.ts'
import { ErrorMessage } from '../schemas/common.ts'

/** Hashes first, so tokens of any length compare in constant time (timingSafeEqual wants equal lengths). */
const digest = (text: string) => createHash('sha256').update(text).digest()

/**
 * GET /metrics in Prometheus text format, for a scraper that sends `Authorization: Bearer <METRICS_TOKEN>`.
 * Off (404, like any unknown path) unless METRICS_TOKEN is set: the numbers tell an outsider how busy and how
 * big the service is.
 */
export default async function metricsRoutes(app: FastifyInstance, { config }: { config: Config }): Promise<void> {
  const expected = config.METRICS_TOKEN === undefined ? undefined : digest(`Bearer ${config.METRICS_TOKEN}`)
  app.get(
    '/metrics',
    {
      // Plain text for every scraper and curl: a few kilobytes on a local network are not worth the CPU (or brotli).
      compress: false,
      schema: {
        tags: ['health'],
        summary: 'Prometheus metrics of this instance',
        description:
          'Prometheus text format: HTTP requests by route and status, event stream clients, push queue, database ' +
          'queries in flight, process and event-loop figures. Answers 404, like any unknown path, unless the ' +
          'server has METRICS_TOKEN set.',
        security: [{ metricsToken: [] }],
        response: {
          200: {
            description: 'The metrics, in Prometheus text format.',
            content: { 'text/plain': { schema: { type: 'string', examples: ['http_requests_total{...} 42'] } } },
          },
          401: ErrorMessage,
          404: ErrorMessage,
          '5xx': ErrorMessage,
        },
      },
    },
    async (request, reply) => {
      if (!expected) throw notFound()
      const presented = request.headers.authorization ?? ''
      if (!timingSafeEqual(digest(presented), expected)) {
        reply.header('www-authenticate', 'Bearer realm="metrics"')
        throw unauthorized()
      }
      const text = await app.metrics.registry.metrics()
      return reply
        .header('content-type', app.metrics.registry.contentType)
        .header('cache-control', 'no-store')
        .send(text)
    },
  )
}
