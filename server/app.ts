import type { FastifyInstance } from 'fastify'
import compress from '@fastify/compress'
import cookie from '@fastify/cookie'
import jwt from '@fastify/jwt'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import websocket from '@fastify/websocket'
import { constants as zlib } from 'node:zlib'
import { firebaseAuthDomain, serviceLogoOrigins, type Config } from './config.ts'
import { webDistDir } from './paths.ts'
import { docsPageOptions, openApiDocumentRoute, openApiOptions } from './plugins/api-docs.ts'
import authPlugin, { jwtOptions, jwtSecret } from './plugins/auth.ts'
import basemapPlugin from './plugins/basemap.ts'
import dbPlugin from './plugins/db.ts'
import errorHandler from './plugins/error-handler.ts'
import eventsPlugin, { EVENT_STREAM_MAX_PAYLOAD, type EventsOptions } from './plugins/events.ts'
import gracefulClose from './plugins/graceful-close.ts'
import housekeeping from './plugins/housekeeping.ts'
import idempotency from './plugins/idempotency.ts'
import metricsPlugin from './plugins/metrics.ts'
import phoneVerificationPlugin from './plugins/phone-verification.ts'
import pushPlugin from './plugins/push.ts'
import type { PushWorkerOptions } from './push/queue.ts'
import type { StatementHook } from './db/database.ts'
import rateLimitPlugin from './plugins/rate-limit.ts'
import sameOrigin from './plugins/same-origin.ts'
import sampleServices from './plugins/sample-services.ts'
import suspensionsPlugin from './plugins/suspensions.ts'
import securityHeaders from './plugins/security-headers.ts'
import webApp from './plugins/web-app.ts'
import adminRoutes from './routes/admin/admin.ts'
import adminUserRoutes from './routes/admin/users.ts'
import adminReportRoutes from './routes/admin/reports.ts'
import configRoutes from './routes/config.ts'
import eventRoutes from './routes/events.ts'
import healthRoutes from './routes/health.ts'
import metricsRoutes from './routes/metrics.ts'
import phoneVerificationRoutes from './routes/phone-verification.ts'
import conversationRoutes from './routes/requests/conversation.ts'
import thanksRoutes from './routes/requests/thanks.ts'
import requestRoutes from './routes/requests/requests.ts'
import positionRoutes from './routes/requests/position.ts'
import shareRoutes from './routes/requests/share.ts'
import progressRoutes from './routes/requests/progress.ts'
import blockRoutes from './routes/requests/block.ts'
import reportRoutes from './routes/requests/reports.ts'
import serviceRoutes from './routes/services.ts'
import sharedRoutes from './routes/shared.ts'
import statsRoutes from './routes/stats.ts'
import subscriptionRoutes from './routes/subscriptions.ts'
import tileRoutes from './routes/tiles.ts'
import pushReceiptRoutes from './routes/push-receipts.ts'
import userRoutes from './routes/user/index.ts'

export interface AppOptions {
  config: Config
  /** Only for tests: a CA certificate the push agent trusts besides Node's roots (a local push service's). */
  pushCa?: string | Buffer | undefined
  /** Only for tests: short heartbeat, token-expiry grace and message refill of the event stream. */
  events?: EventsOptions | undefined
  /** Only for tests: the push worker's timings, or no worker. */
  pushWorker?: PushWorkerOptions | undefined
  /** Only for tests: sees each statement the pool sends (server/db/database.ts, StatementHook). */
  databaseDebug?: StatementHook | undefined
}

/**
 * The whole application as one plugin: `server.ts` wraps it for production and tests alike.
 * Reading this file tells every part of the server, in load order.
 */
export default async function app(
  fastify: FastifyInstance,
  { config, pushCa, events, pushWorker, databaseDebug }: AppOptions,
): Promise<void> {
  // External plugins and infrastructure.
  await fastify.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // Brotli's default quality (11) costs far more CPU than it saves bytes on the fly.
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  })
  await fastify.register(gracefulClose)
  // Before every route: its onResponse hook counts them all, and the security headers' onRoute hook sees each.
  await fastify.register(metricsPlugin)
  await fastify.register(securityHeaders, {
    tileUrl: config.TILE_URL,
    firebaseAuthDomain: firebaseAuthDomain(config),
    logoOrigins: serviceLogoOrigins(config),
  })
  await fastify.register(errorHandler)
  await fastify.register(dbPlugin, { config, debug: databaseDebug })
  await fastify.register(rateLimitPlugin)
  await fastify.register(cookie)
  // The secret may live in the database, so it is read once the database plugin is up.
  const secret = await jwtSecret(config, fastify.sql)
  await fastify.register(jwt, jwtOptions(secret))
  await fastify.register(websocket, { options: { maxPayload: EVENT_STREAM_MAX_PAYLOAD } })
  // Before every route: it documents each as it is added (server/plugins/api-docs.ts).
  await fastify.register(swagger, openApiOptions)

  // Our plugins.
  await fastify.register(authPlugin, { secret })
  await fastify.register(sameOrigin)
  await fastify.register(phoneVerificationPlugin, { config })
  await fastify.register(housekeeping, {
    historyDays: config.REQUEST_HISTORY_DAYS,
    moderationRecordDays: config.MODERATION_RECORD_DAYS,
  })
  await fastify.register(eventsPlugin, {
    socketsPerUser: config.LIVE_SOCKETS_PER_USER,
    unauthenticatedPerAddress: config.LIVE_UNAUTHENTICATED_SOCKETS_PER_ADDRESS,
    ...events,
  })
  await fastify.register(pushPlugin, { config, extraCa: pushCa, worker: pushWorker })
  await fastify.register(suspensionsPlugin)
  await fastify.register(idempotency)
  await fastify.register(sampleServices, { config })
  await fastify.register(basemapPlugin, { config })

  // Routes.
  await fastify.register(healthRoutes)
  await fastify.register(metricsRoutes, { config })
  await fastify.register(configRoutes, { config })
  await fastify.register(phoneVerificationRoutes, { config })
  await fastify.register(userRoutes, { config })
  await fastify.register(requestRoutes, { config })
  await fastify.register(conversationRoutes)
  await fastify.register(thanksRoutes)
  await fastify.register(positionRoutes)
  await fastify.register(progressRoutes)
  await fastify.register(blockRoutes)
  await fastify.register(shareRoutes)
  await fastify.register(sharedRoutes, { config })
  await fastify.register(reportRoutes)
  await fastify.register(eventRoutes)
  await fastify.register(subscriptionRoutes)
  await fastify.register(pushReceiptRoutes)
  await fastify.register(serviceRoutes)
  await fastify.register(statsRoutes)
  await fastify.register(tileRoutes)
  await fastify.register(adminRoutes)
  await fastify.register(adminUserRoutes)
  await fastify.register(adminReportRoutes)
  // The OpenAPI document at /api/openapi.json and its reference page at /api/docs.
  await fastify.register(openApiDocumentRoute)
  await fastify.register(swaggerUi, docsPageOptions)

  // Last: the built SPA's files, from memory, and the fallback for every unknown path.
  await fastify.register(webApp, { distDir: webDistDir(config) })
}
