import type { ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import type { FastifyBaseLogger, FastifyRequest } from 'fastify'
import type { WebSocket } from 'ws'

/**
 * Lets the HTTP objects of a WebSocket's upgrade go once the socket is open (docs/performance.md, "Garbage of a
 * change"). @fastify/websocket routes the upgrade through Fastify with a ServerResponse that never finishes: the TCP
 * socket keeps it as its `_httpMessage`, and the socket's error listener closes over the Fastify request and reply.
 * So every open socket held its upgrade's IncomingMessage with its headers, the ServerResponse, Fastify's request,
 * reply and child logger, which every major garbage collection marked again (the heap at 5k sockets: 96 MB with
 * them, 79 MB without). What the stream needs of the request is read before this is called.
 */
export function releaseUpgrade(socket: WebSocket, request: FastifyRequest, log: FastifyBaseLogger): void {
  // Ours first, so that the socket never has no error listener (an 'error' without one would throw).
  const theirs = socket.listeners('error')
  socket.on('error', (error) => {
    log.warn({ err: error }, 'event stream socket error')
    socket.terminate()
  })
  for (const listener of theirs) socket.removeListener('error', listener as (error: Error) => void)
  const raw = request.raw.socket as (Socket & { _httpMessage?: ServerResponse | null }) | null
  raw?._httpMessage?.detachSocket(raw)
}
