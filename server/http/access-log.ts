import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify'
import pino from 'pino'
import { scrubText, serializeReply, serializeRequest } from '../logging.ts'

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * 'quiet': this route's answers get their access line at debug only: health probes (a load balancer asks every
     * few seconds) and the app's files (dozens per page load, each the same for everyone).
     */
    accessLog?: 'quiet'
  }
}

/** Whether this logger writes debug lines (LOG_LEVEL debug or trace). */
const atDebug = (log: FastifyBaseLogger) => log.level === 'debug' || log.level === 'trace'

/** Requests answered quietly that no route's config can say (the SPA's page for a client route, from the not-found handler). */
const quietRequests = new WeakSet<object>()

/** This request's access line goes at debug only, like a quiet route's. */
export function quietAccessLine(request: FastifyRequest): void {
  quietRequests.add(request.raw)
}

/**
 * Fastify's request lines, one per request (docs/operating.md, "Access log"). Fastify writes two by default, one as
 * a request arrives and one when it is answered, each a JSON line through the redacting serializers and the last
 * scrub (server/logging.ts): on a small request they were a good part of its cost. Here:
 * - one line when the answer is done, `request completed`, with the request id, the request (method, masked URL,
 *   route, client address), the status and the time taken;
 * - at debug only: the lines of health probes, of the app's files and of every 304 (a revalidation that found
 *   nothing new), and an `incoming request` line as each request arrives (a request that never ends is found by it);
 * - always: an answer that failed (`request errored`, at error) and every 5xx, whatever the route.
 * Errors a route logs itself (the error handler's `request failed`) carry the same request id.
 *
 * These lines hold nothing but what the serializers make of the request, the reply and an error, which keep no
 * header, body or query value and mask phone numbers (server/logging.ts): they are written by a child of the
 * server's logger without pino's `redact` pass, which has nothing to find in them and cost 6-7 µs a line (more than
 * node:http spends on the whole request). The serializers and the last scrub of every line stay.
 *
 * The `request completed` line itself is written as a string built here, straight to the logger's destination:
 * its fields are ours (the request id, what the serializers make of the request and the reply, a number), so pino's
 * generic formatting of an object (13-20 µs of a 60 µs answer on a busy machine: docs/performance.md, "The cost of a
 * request") buys nothing. It is the line pino would write (level, time, pid, hostname, the fields, msg), through the
 * same serializers and the same last scrub.
 */
export class AccessLog extends LogController {
  private logger: FastifyBaseLogger | undefined
  private destination: Destination | undefined

  /** Writes through `root` (the server's logger, once Fastify has made it). */
  writeTo(root: FastifyBaseLogger): void {
    this.logger = root.child({}, { redact: { paths: [] } })
    this.destination = destinationOf(root)
  }

  override incomingRequest(request: FastifyRequest): void {
    const logger = this.logger
    if (logger && atDebug(logger)) logger.debug({ reqId: request.id, req: request }, 'incoming request')
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const logger = this.logger
    if (!logger) return
    if (error) {
      logger.error(
        { reqId: request.id, req: request, res: reply, err: error, responseTime: reply.elapsedTime },
        'request errored',
      )
      return
    }
    const status = reply.statusCode
    const quiet =
      status < 500 &&
      (status === 304 || request.routeOptions.config.accessLog === 'quiet' || quietRequests.has(request.raw))
    if (quiet && !atDebug(logger)) return
    this.completed(quiet ? 'debug' : 'info', request, reply)
  }

  /** The `request completed` line, as pino would write it from `{ reqId, req, res, responseTime }`. */
  private completed(level: 'debug' | 'info', request: FastifyRequest, reply: FastifyReply): void {
    const destination = this.destination!
    if (!(this.logger as pino.Logger).isLevelEnabled(level)) return
    const line =
      `{"level":${LEVELS[level]}${destination.time()}${destination.bindings}` +
      `,"reqId":${JSON.stringify(request.id)},"req":${JSON.stringify(serializeRequest(request))}` +
      `,"res":${JSON.stringify(serializeReply(reply))},"responseTime":${reply.elapsedTime}` +
      `,"msg":"request completed"}\n`
    destination.stream.write(scrubText(line))
  }
}

/** pino's numbers of the levels the access line is written at. */
const LEVELS = { debug: 20, info: 30 } as const

/** What pino puts into each line of a logger, and where it writes them. */
interface Destination {
  /** `,"time":…`, as the logger's timestamp option makes it. */
  time: () => string
  /** `,"pid":…,"hostname":"…"`: the logger's bindings, written into every line. */
  bindings: string
  stream: { write(line: string): unknown }
}

function destinationOf(logger: FastifyBaseLogger): Destination {
  const internals = logger as unknown as Record<symbol, unknown>
  const { chindingsSym, streamSym, timeSym } = pino.symbols
  return {
    time: internals[timeSym] as () => string,
    bindings: internals[chindingsSym] as string,
    stream: internals[streamSym] as Destination['stream'],
  }
}
