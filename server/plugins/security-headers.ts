import fp from 'fastify-plugin'

export interface SecurityHeadersOptions {
  /** Map tile URL template: its origin is the one outside host the page may load images from. */
  tileUrl: string
  /** Firebase phone auth's authDomain, when PHONE_VERIFICATION=firebase: reCAPTCHA and Firebase get allowed. */
  firebaseAuthDomain?: string | undefined
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
export function contentSecurityPolicy(tileUrl: string, firebaseAuthDomain?: string): string {
  const tileOrigin = tileSource(tileUrl)
  const directives: Record<string, string> = {
    'default-src': "'self'",
    'script-src': "'self'",
    // OpenLayers and React set element styles at run time.
    'style-src': "'self' 'unsafe-inline'",
    // Service logos come from the services' own sites: images (not scripts) from any https host.
    'img-src': `'self' data: blob: ${tileOrigin} https:`,
    'connect-src': `'self' ${tileOrigin}`,
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

export default fp<SecurityHeadersOptions>(
  async (app, { tileUrl, firebaseAuthDomain }) => {
    const csp = contentSecurityPolicy(tileUrl, firebaseAuthDomain)
    app.addHook('onSend', async (request, reply, payload) => {
      reply.header('content-security-policy', csp)
      reply.header('x-content-type-options', 'nosniff')
      // Cross-origin requests (map tiles) get only our origin, which tile services ask for; never paths.
      reply.header('referrer-policy', 'strict-origin-when-cross-origin')
      reply.header('x-frame-options', 'DENY')
      reply.header('cross-origin-opener-policy', 'same-origin')
      reply.header('permissions-policy', 'geolocation=(self), camera=(), microphone=(), payment=()')
      if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000')
      // API answers hold personal data: no shared or browser caching unless a route says otherwise.
      if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control'))
        reply.header('cache-control', 'no-store')
      reply.header('x-request-id', request.id)
      return payload
    })
  },
  { name: 'security-headers' },
)
