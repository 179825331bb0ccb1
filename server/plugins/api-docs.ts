import type { SwaggerOptions } from '@fastify/swagger'
import type { FastifySwaggerUiOptions } from '@fastify/swagger-ui'
import type { FastifyPluginAsync } from 'fastify'
import { packageVersion } from '../paths.ts'
import { REFRESH_COOKIE } from './auth.ts'
import { docsContentSecurityPolicy } from './security-headers.ts'

/** Where the reference page lives; server/plugins/security-headers.ts gives it its own CSP. */
export const DOCS_PREFIX = '/api/docs'
export const OPENAPI_PATH = '/api/openapi.json'

/**
 * @fastify/swagger's options: the OpenAPI 3.1 document is generated from the routes' own schemas, so it cannot
 * drift from what the server validates and answers. Registered before the routes (it collects them as they are
 * added).
 */
export const openApiOptions: SwaggerOptions = {
  openapi: {
    openapi: '3.1.0',
    info: {
      title: 'Pyöräapu API',
      version: packageVersion(),
      description:
        'Road assistance and mutual help for cyclists: help requests, live updates and a map of cyclist-friendly ' +
        'services. Errors answer `{ "message": "..." }`; a 4xx message is meant for the user, a 5xx one is generic. ' +
        'Log in (or register) for an access token and send it as `Authorization: Bearer <token>`; it lasts 15 ' +
        `minutes, and \`POST /api/user/refresh-token\` gives a new one from the \`${REFRESH_COOKIE}\` cookie.`,
    },
    tags: [
      { name: 'accounts', description: 'Registration, phone verification, login, sessions and account settings.' },
      { name: 'requests', description: 'Help requests: asking for help, offering it, finishing.' },
      { name: 'messages', description: 'Messages between a request’s owner and its helper.' },
      {
        name: 'thanks',
        description: 'The owner’s thank-you to the helper, and how many cyclists a helper has helped.',
      },
      {
        name: 'safety',
        description: 'Blocks and reports: safety between strangers (docs/safety.md).',
      },
      {
        name: 'share links',
        description: 'A read-only page of a request for someone its owner trusts, without an account.',
      },
      { name: 'services', description: 'The public map of cyclist-friendly services.' },
      { name: 'stats', description: 'Public figures of how help goes: counts and medians, never a person or a place.' },
      { name: 'push', description: 'Web push subscriptions of this browser.' },
      { name: 'events', description: 'The live event stream (WebSocket).' },
      { name: 'config', description: 'What the web client needs to know about this server.' },
      { name: 'health', description: 'Liveness, readiness and metrics, for load balancers and monitoring.' },
      { name: 'admin', description: 'Administrators only.' },
    ],
    components: {
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'The access token of a login, registration or refresh (15 minutes).',
        },
        refreshCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: REFRESH_COOKIE,
          description: 'The refresh token, an HttpOnly cookie sent only to /api/user (set by login and registration).',
        },
        metricsToken: {
          type: 'http',
          scheme: 'bearer',
          description: "The server's METRICS_TOKEN setting; /metrics answers 404 when it is not set.",
        },
      },
    },
  },
}

/**
 * @fastify/swagger-ui's options: it serves its own copy of Swagger UI (nothing from the internet). Its pages get
 * their own Content-Security-Policy (staticCSP, set in its scope after ours); every other page keeps the strict one.
 */
export const docsPageOptions: FastifySwaggerUiOptions = {
  routePrefix: DOCS_PREFIX,
  staticCSP: docsContentSecurityPolicy(),
  // validatorUrl stays unset: the page then never asks validator.swagger.io about the document.
  uiConfig: { deepLinking: true, docExpansion: 'list', tryItOutEnabled: false },
  theme: { title: 'Pyöräapu API' },
}

/** GET /api/openapi.json: the document itself, for tools (hidden from itself: it is not part of the API). */
export const openApiDocumentRoute: FastifyPluginAsync = async (app) => {
  // The routes are fixed once the app is ready: the document is serialised once, on its first request.
  let document: string | undefined
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async (_request, reply) => {
    document ??= JSON.stringify(app.swagger())
    return reply.type('application/json; charset=utf-8').send(document)
  })
}
