import fp from 'fastify-plugin'
import type { FastifyReply, FastifyRequest } from 'fastify'

export interface SecurityHeadersOptions {
  /**
   * TILE_URL, the raster tile template: its origin is the one outside host the page may load images from. Unset, the
   * map's tiles are the server's own (/tiles/) and no outside host is allowed.
   */
  tileUrl?: string | undefined
  /** Firebase phone auth's authDomain, when PHONE_VERIFICATION=firebase: reCAPTCHA and Firebase get allowed. */
  firebaseAuthDomain?: string | undefined
  /** SERVICE_LOGO_ORIGINS: where service logos may load from. */
  logoOrigins?: readonly string[]
}

/** What Firebase phone auth with invisible reCAPTCHA loads, by directive. */
function firebaseSources(authDomain: string): Record<string, string> {
  return {
    'script-src': 'https://www.google.com https://www.gstatic.com https://apis.google.com',
    'frame-src': `https://www.google.com https://recaptcha.google.com https://${authDomain}`,
    'connect-src':
      'https://identitytoolkit.googleapis.com https://securetoken.googleapis.com https://www.googleapis.com',
    'img-src': 'https://www.gstatic.com',
  }
}

/**
 * The tile template's origin as a CSP source. A template in the host (`{a-c}.tile.example.org`) rotates
 * between subdomains, so that label becomes a wildcard.
 */
export function tileSource(tileUrl: string): string {
  const match = /^(https?:\/\/)([^/?#]+)/.exec(tileUrl)
  if (!match) throw new Error(`Not an http(s) tile URL template: ${tileUrl}`)
  return match[1] + match[2]!.replace(/[^.]*\{[^}]*\}[^.]*/g, '*').toLowerCase()
}

/** Builds the Content-Security-Policy. Kept as a pure function so tests can read it without a server. */
export function contentSecurityPolicy(
  tileUrl: string | undefined,
  firebaseAuthDomain?: string,
  logoOrigins: readonly string[] = [],
): string {
  const tileOrigins = tileUrl === undefined ? [] : [tileSource(tileUrl)]
  const directives: Record<string, string> = {
    'default-src': "'self'",
    'script-src': "'self'",
    // OpenLayers and React set element styles at run time.
    'style-src': "'self' 'unsafe-inline'",
    // Images only from where the app loads them, so an injected image cannot carry data to any host: our files;
    // data: for the SVG markers built in code (web/src/features/services/categories.ts); blob: for tiles fetched
    // to read their status (web/src/shared/map/tiles.ts); the origin of TILE_URL when set, for tiles loaded as plain
    // <img> when the tile server allows no fetch; and the hosts the operator lists for service logos
    // (SERVICE_LOGO_ORIGINS). The basemap's vector tiles are fetched from 'self' (/tiles/).
    'img-src': ["'self' data: blob:", ...tileOrigins, ...logoOrigins].join(' '),
    'connect-src': ["'self'", ...tileOrigins].join(' '),
    'font-src': "'self'",
    'worker-src': "'self'",
    'manifest-src': "'self'",
    'object-src': "'none'",
    'base-uri': "'self'",
    'form-action': "'self'",
    'frame-ancestors': "'none'",
    'frame-src': "'none'",
  }
  if (firebaseAuthDomain) {
    for (const [name, sources] of Object.entries(firebaseSources(firebaseAuthDomain))) {
      directives[name] = directives[name] === "'none'" ? sources : `${directives[name]} ${sources}`
    }
  }
  return Object.entries(directives)
    .map(([name, value]) => `${name} ${value}`)
    .join('; ')
}

/**
 * The API reference page (/api/docs, @fastify/swagger-ui): the strict policy without the map's and Firebase's
 * hosts, and with what Swagger UI needs besides: fonts and images from data: URLs (its stylesheet holds them).
 * Its scripts are files of its own, so scripts stay 'self' only; its React components set inline styles, which
 * the app's policy allows already.
 */
export function docsContentSecurityPolicy(): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "frame-src 'none'",
  ].join('; ')
}

/** Strict-Transport-Security, sent over https only. */
export const HSTS = 'max-age=31536000'

/** The headers of every page and API answer that do not depend on the request (docs/security.md). */
export function fixedSecurityHeaders(csp: string): Record<string, string> {
  return {
    'content-security-policy': csp,
    'x-content-type-options': 'nosniff',
    // Cross-origin requests (map tiles) get only our origin, which tile services ask for; never paths.
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    'permissions-policy': 'geolocation=(self), camera=(), microphone=(), payment=()',
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The security headers that do not depend on the request: the app's files build their answers with them once. */
    securityHeaders: Readonly<Record<string, string>>
    /**
     * Sets the security headers on an answer. Routes get them from a hook; the not-found handler, which route hooks
     * do not reach, calls this itself. The app's files build theirs once from `fixedSecurityHeaders`.
     */
    addSecurityHeaders(request: FastifyRequest, reply: FastifyReply): void
  }
  interface FastifyContextConfig {
    /**
     * false: this route's answers go without the security headers: health probes, which answer machines and no
     * browser, and the app's files, whose headers are built once with them (server/plugins/web-app.ts).
     */
    securityHeaders?: boolean
  }
}

/**
 * The security headers on every page and API answer: an onRequest hook on each route, unless its config says
 * `securityHeaders: false`. A hook per route rather than one for the whole server, so that the routes that need none
 * pay nothing for them (docs/performance.md, "The cost of a request"). Set as the request arrives, so that error
 * answers carry them too, and a route's own headers (the reference page's CSP, a cache policy) replace them.
 */
export default fp<SecurityHeadersOptions>(
  async (app, { tileUrl, firebaseAuthDomain, logoOrigins }) => {
    const fixed = fixedSecurityHeaders(contentSecurityPolicy(tileUrl, firebaseAuthDomain, logoOrigins))
    const add = (request: FastifyRequest, reply: FastifyReply) => {
      reply.headers(fixed)
      if (request.protocol === 'https') reply.header('strict-transport-security', HSTS)
      reply.header('x-request-id', request.id)
      // API answers hold personal data: no shared or browser caching unless the route sets a policy of its own.
      if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store')
    }
    app.decorate('securityHeaders', fixed)
    app.decorate('addSecurityHeaders', add)
    const onRequest = (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
      add(request, reply)
      done()
    }
    app.addHook('onRoute', (route) => {
      if (route.config?.securityHeaders === false) return
      // A new array: Fastify's HEAD twin of a GET route starts from the same options and gets its own hook.
      route.onRequest = [onRequest, ...(route.onRequest === undefined ? [] : [route.onRequest].flat())]
    })
  },
  { name: 'security-headers' },
)
