import type { FastifyReply, FastifyRequest } from 'fastify'
import { HSTS } from '../plugins/security-headers.ts'
import type { StaticFile } from './static-files.ts'

/**
 * Answers from a body held in memory with its headers built once (docs/adr/0011-static-files-from-memory.md): a 304
 * when the client holds a current copy, else the copy its Accept-Encoding takes; HEAD the same without the body.
 * Only what depends on the request is set here: the request id and, over https, Strict-Transport-Security. The
 * routes that answer this way (the app's files, the public service list) have no security-headers hook: their
 * prebuilt headers carry them.
 */
export function answerFromMemory(file: StaticFile, request: FastifyRequest, reply: FastifyReply): void {
  if (request.protocol === 'https') reply.header('strict-transport-security', HSTS)
  reply.header('x-request-id', request.id)
  const notModified = file.notModified(request.headers['if-none-match'])
  if (notModified) {
    reply.code(304).headers(notModified).send()
    return
  }
  const { body, headers } = file.answer(request.headers['accept-encoding'])
  reply.headers(headers).send(body)
}
