import { randomUUID } from 'node:crypto'
import type { Writable } from 'node:stream'
import Fastify, { type FastifyInstance } from 'fastify'
import pino from 'pino'
import fp from 'fastify-plugin'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import app from './app.ts'
import type { EventsOptions } from './plugins/events.ts'
import type { PushWorkerOptions } from './push/queue.ts'
import type { Config } from './config.ts'
import type { StatementHook } from './db/database.ts'
import { AccessLog } from './http/access-log.ts'
import { requestLoggerFactory } from './http/request-logger.ts'
import { loggerOptions } from './logging.ts'
import { answerFrameworkError } from './plugins/error-handler.ts'
import { serializerCompiler } from './serialization.ts'
import { validatorCompiler } from './validation.ts'

let stdoutDestination: ReturnType<typeof pino.destination> | undefined

/**
 * The process's log destination: stdout in writes of up to 4 KB rather than a write per line (a write to journald's
 * pipe wakes its reader, which cost more than the rest of a small request: docs/performance.md, "The cost of a
 * request"). Flushed every 250 ms, and by pino on exit, a fatal error's exit included; a process killed with
 * SIGKILL loses at most its last 250 ms of lines. One for the process, however many servers it builds (tests).
 */
function stdout(): ReturnType<typeof pino.destination> {
  stdoutDestination ??= pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 250 })
  return stdoutDestination
}

/** The Fastify instance with its server options and the app registered: production and tests both use this. */
export function buildServer(
  config: Config,
  options: {
    logStream?: Writable
    pushCa?: string | Buffer
    events?: EventsOptions
    pushWorker?: PushWorkerOptions
    /** Only for tests: sees each statement the pool sends (test/server/golden-sql.test.ts). */
    databaseDebug?: StatementHook
  } = {},
): FastifyInstance {
  const accessLog = new AccessLog()
  const stream = options.logStream ?? stdout()
  const server = Fastify({
    // Redaction, masking serializers and a last scrub of every line: see logging.ts.
    logger: { ...loggerOptions(config.LOG_LEVEL), stream },
    // One access line per request, none for probes, files and 304s unless at debug (docs/operating.md, "Access log").
    logController: accessLog,
    // Each request's logger becomes pino's child on its first line only (most requests write none at info).
    childLoggerFactory: requestLoggerFactory,
    trustProxy: config.TRUST_PROXY,
    // The database plugin may retry for DATABASE_CONNECT_TIMEOUT seconds, then migrate.
    pluginTimeout: (config.DATABASE_CONNECT_TIMEOUT + 60) * 1000,
    bodyLimit: 64 * 1024,
    // Ids come from us, never from the client, so logs cannot be spoofed; clients see it in x-request-id.
    requestIdHeader: false,
    genReqId: () => randomUUID(),
    // The router's refusals (too long a path parameter, a bad %-escape) in our error shape, never echoing the path.
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<TypeBoxTypeProvider>()

  accessLog.writeTo(server.log)
  server.setValidatorCompiler(validatorCompiler)
  server.setSerializerCompiler(serializerCompiler)
  server.register(fp(app), {
    config,
    pushCa: options.pushCa,
    events: options.events,
    pushWorker: options.pushWorker,
    databaseDebug: options.databaseDebug,
  })
  return server
}
