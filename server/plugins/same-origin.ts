import fp from 'fastify-plugin'
import type { FastifyRequest } from 'fastify'
import { forbidden, HttpError } from '../errors.ts'

export const CROSS_SITE_MESSAGE = 'Cross-site request refused'
export const JSON_ONLY_MESSAGE = 'Send a JSON body (Content-Type: application/json)'

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * onRequest of every route that a cookie authenticates (login, refresh-token, logout): a browser sends those
     * cookies with any request to this site, so the route must know the request came from our own page.
     */
    sameOriginJson: (request: FastifyRequest) => Promise<void>
  }
}

/**
 * Why the request must be refused, or undefined when it may run (docs/security.md, "Cross-site requests").
 *
 * SameSite=Strict does not separate origins of one site: a page on another port or subdomain of this host is
 * "same-site", and its form posts carry our cookies. So:
 * - the body must be declared JSON: an HTML form can only send urlencoded, multipart or text/plain, and a
 *   cross-origin fetch with a JSON body needs a CORS preflight we never grant;
 * - `Sec-Fetch-Site`, when the browser sends it, must be `same-origin` (same-site is exactly the attack);
 * - without it (older browsers), an `Origin` must be our own, scheme and host and port.
 * A request with neither header is not from a browser, so it carries no ambient cookie: only a cookie its sender
 * chose to send. Such clients (scripts, the CLI tests, curl) are allowed.
 */
export function crossSiteRefusal(request: FastifyRequest): HttpError | undefined {
  const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase()
  if (type !== 'application/json') return new HttpError(415, JSON_ONLY_MESSAGE)
  const site = request.headers['sec-fetch-site']
  if (site !== undefined) return site === 'same-origin' ? undefined : forbidden(CROSS_SITE_MESSAGE)
  const origin = request.headers.origin
  // Behind a proxy, protocol and host are the public ones only with TRUST_PROXY set (as Secure cookies need too).
  if (origin !== undefined && origin !== `${request.protocol}://${request.host}`) return forbidden(CROSS_SITE_MESSAGE)
  return undefined
}

export default fp(
  async (app) => {
    app.decorate('sameOriginJson', async (request: FastifyRequest) => {
      const refusal = crossSiteRefusal(request)
      if (refusal) throw refusal
    })
  },
  { name: 'same-origin' },
)
