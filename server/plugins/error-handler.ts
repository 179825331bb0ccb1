import fp from 'fastify-plugin'
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import { isDatabaseUnavailable } from '../db/errors.ts'
import { GENERIC_ERROR_MESSAGE, HttpError, UNAVAILABLE_MESSAGE } from '../errors.ts'
import { USER_ERRORS } from '../domain/accounts/errors.ts'

const FILL_ALL_FIELDS = USER_ERRORS.fillAllFields

/**
 * The client went away while its body was being read (a phone losing its network mid-upload): Node destroys the
 * request stream with `aborted` (code ECONNRESET) and the body parser hands on exactly that error. Told apart by
 * where it came from, the request's own stream, not by its code: the database driver's lost connection carries the
 * same ECONNRESET, and only that one is an outage.
 */
function isClientAbort(error: unknown, request: FastifyRequest): boolean {
  return request.raw.errored !== null && error === request.raw.errored
}

/** The router's own refusals, by Fastify's code: a path parameter over maxParamLength, a malformed %-escape. */
const FRAMEWORK_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, message: 'A part of the path is too long' },
  FST_ERR_BAD_URL: { status: 400, message: 'Bad request' },
}

/**
 * Fastify's `frameworkErrors` (server.ts): what the router refuses before any route or hook runs. Fastify's own
 * answers echo the path, which no answer of ours does (it may carry a token, and an echo is a reflection vector);
 * these answer like the error handler, `{ message }` with the request id and the security headers.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  request.server.addSecurityHeaders(request, reply)
  const known = error.code === undefined ? undefined : FRAMEWORK_ERRORS[error.code]
  if (known) {
    void reply.code(known.status).send({ message: known.message })
    return
  }
  request.log.error({ err: error }, 'request failed')
  void reply.code(500).send({ message: GENERIC_ERROR_MESSAGE })
}

/**
 * One place turns every thrown error into `{ message }`. Client errors keep their message; server errors are
 * logged with the request id (Fastify's request logger carries it) and answered without internals.
 */
export default fp(
  async (app) => {
    // A connection reset while the session was being checked (onRequest) has already ended the body stream, and
    // Fastify's parser would wait for its events forever: the request would never end, nor be logged. The abort is
    // the answer, as it is when the reset comes while the body is read. Every request passes here: a plain
    // callback, not an async function and its promise (docs/performance.md, "The cost of a request").
    app.addHook('preParsing', (request, _reply, payload, done) => {
      if (request.raw.errored) done(request.raw.errored)
      else done(null, payload)
    })
    app.setErrorHandler((error: FastifyError, request, reply) => {
      // Every error answer names its request, whatever its route: the id a user quotes finds the logged error.
      reply.header('x-request-id', request.id)
      // An unknown path's answer gets its security headers from the not-found handler, which an error (a malformed
      // body sent to it) skips; routes get theirs from a hook (server/plugins/security-headers.ts).
      if (request.is404) app.addSecurityHeaders(request, reply)
      if (isClientAbort(error, request)) {
        // Nobody is left to answer and nothing is wrong here: info, and a client error if the answer is counted.
        request.log.info({ code: error.code }, 'client aborted the request')
        return reply.code(400).send({ message: 'Bad request' })
      }
      if (isDatabaseUnavailable(error)) {
        request.log.warn({ err: error }, 'database unavailable')
        return reply.code(503).header('retry-after', '5').send({ message: UNAVAILABLE_MESSAGE })
      }

      const status = error.statusCode ?? 500
      if (status >= 400 && status < 500) {
        if (error.validation) {
          // "All fields must be filled in" is the message for any missing field, on every form
          // (docs/product.md#accounts). A body of one of two shapes (a login by password or by code) reports each
          // shape's first problem: only when every one is a missing field is a field missing, not a wrong one.
          const issues = error.validation.filter((issue) => issue.keyword !== 'anyOf')
          const missingField = issues.length > 0 && issues.every((issue) => issue.keyword === 'required')
          return reply
            .code(400)
            .send({ message: missingField ? FILL_ALL_FIELDS : 'Bad request', detail: error.message })
        }
        if (error instanceof SyntaxError || error.code?.startsWith('FST_ERR_CTP_')) {
          // Malformed or empty JSON, unsupported content type, body too large: keep the status, hide parser text.
          return reply.code(status).send({ message: status === 400 ? 'Bad request' : error.message })
        }
        if (error instanceof HttpError && error.retryAfterSeconds !== undefined)
          reply.header('retry-after', String(error.retryAfterSeconds))
        return reply.code(status).send({ message: error.message })
      }

      request.log.error({ err: error }, 'request failed')
      return reply.code(status >= 500 && status < 600 ? status : 500).send({ message: GENERIC_ERROR_MESSAGE })
    })
  },
  { name: 'error-handler' },
)
