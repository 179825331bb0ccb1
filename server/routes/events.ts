import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { RawData, WebSocket } from 'ws'
import { addressKey } from '../domain/limits/client-address.ts'
import { UNAUTHORIZED_CLOSE, type Client } from '../events/hub.ts'
import { MAX_RECEIPT_BYTES, receiptIn } from '../events/message-receipts.ts'
import { MessageBudget, TOO_MANY_CLOSE } from '../events/socket-limits.ts'
import { releaseUpgrade } from '../events/upgrade-release.ts'
import { dropMessagePush } from '../push/message-push.ts'
import { BEARER_AUTH } from '../schemas/common.ts'

/** A text frame's content: ws hands over a Buffer, or its fragments, or an ArrayBuffer by binaryType. */
const textOf = (raw: RawData): string =>
  (Array.isArray(raw) ? Buffer.concat(raw) : Buffer.isBuffer(raw) ? raw : Buffer.from(raw)).toString('utf8')

const byteLength = (raw: RawData): number =>
  Array.isArray(raw) ? raw.reduce((sum, part) => sum + part.length, 0) : raw.byteLength

/** A socket must say who it is this soon, or it is closed. */
export const AUTH_TIMEOUT_MS = 5000
/** The database failed during the auth: the client reconnects with backoff, as after any other drop. */
const INTERNAL_ERROR_CLOSE = 1011

/**
 * GET /api/events: the live event stream. The access token comes in the first message, not the URL (URLs end
 * up in logs); a fresh one may be sent the same way after a refresh, and must be before the old one expires
 * (plus a grace). The socket is bound to the token's session: when that ends, on any instance, it is closed.
 */
export default async function eventRoutes(app: FastifyInstance): Promise<void> {
  const hub = app.events.hub
  const { waiting, messageBurst, messageRefillMs } = app.events.limits
  const schema = {
    tags: ['events'],
    summary: 'The live event stream (WebSocket)',
    description:
      'Open a WebSocket here. Within 5 s send `{"type":"auth","token":"<access token>"}` (the token never goes in ' +
      'the URL, which ends up in logs); the server answers `{"type":"ready"}`, then sends `request.upserted` ' +
      '(the request as GET /api/requests lists it for this user: phone numbers only between its owner and ' +
      "helper), `request.deleted`, `user.updated` (the user's own account after a role, name, radius or " +
      'language change), `services.changed` (the service map changed: fetch GET /api/services again), ' +
      '`notices.changed` (a new notice of a moderation decision: fetch GET /api/user/notices) and `refetch` ' +
      '(events may have been missed: fetch the requests again). On `message.created`, while the app is in view, send ' +
      '`{"type":"received","message_id":"<id>"}`: the recipient\'s receipt drops the push that would otherwise ' +
      'follow 20 s later. Send a fresh token the same way after a refresh, before the old one ' +
      'expires. A refused token closes the socket with 4401; the end of the session closes it too. Live sockets are ' +
      'bounded: a user has at most LIVE_SOCKETS_PER_USER (10) on one instance, and a newer one closes the oldest ' +
      'with 4409 `Replaced by a newer connection` (do not reconnect by yourself: the user is looking elsewhere); a ' +
      'socket may send 5 messages at once and one more a minute, more closes it with 4429 `Too many messages` ' +
      '(reconnect with backoff); an address may hold LIVE_UNAUTHENTICATED_SOCKETS_PER_ADDRESS (20) sockets that ' +
      'have not authenticated yet, more are refused with 429 (or, opened at the same moment, closed with 4429 ' +
      '`Too many connections`). A plain GET without the upgrade answers 404. Documented as a GET because OpenAPI ' +
      'has no WebSocket operations.',
    security: BEARER_AUTH,
    response: {
      101: { description: 'Switching Protocols: the WebSocket is open; authenticate in its first message.' },
      404: { description: 'Not a WebSocket upgrade request: no body.' },
      429: {
        description:
          'This address already holds LIVE_UNAUTHENTICATED_SOCKETS_PER_ADDRESS sockets that have not authenticated ' +
          'yet: try again later. No body.',
      },
    },
  }
  const stream = (socket: WebSocket, request: FastifyRequest) => {
    // Counted until it authenticates or closes; over the limit it goes at once, before any message is read. The
    // upgrade was refused with 429 when the limit was already reached; this catches upgrades that were in flight.
    let waitingAs: string | null = addressKey(request.ip)
    // Nothing else of the request is needed from here: its HTTP objects may go while the socket lives.
    releaseUpgrade(socket, request, app.log)
    if (!waiting.enter(waitingAs)) return socket.close(TOO_MANY_CLOSE, 'Too many connections')
    const stopWaiting = () => {
      if (waitingAs !== null) waiting.leave(waitingAs)
      waitingAs = null
    }
    const budget = new MessageBudget(messageBurst, messageRefillMs)
    let client: Client | undefined
    const refuse = (code = UNAUTHORIZED_CLOSE, reason = 'Unauthorized') => {
      if (client) hub.end(client, reason, code)
      else socket.close(code, reason)
    }
    // Dropped once cleared: a live socket keeps no timer, not even a spent one.
    let timer: ReturnType<typeof setTimeout> | undefined = setTimeout(() => refuse(), AUTH_TIMEOUT_MS)
    const stopTimer = () => {
      clearTimeout(timer)
      timer = undefined
    }

    const authenticate = async (token: unknown) => {
      const changesBefore = hub.userChanges
      const session = await app.userForAccessToken(token)
      // Closed while the session was checked (or refused meanwhile): nothing to add.
      if (socket.readyState !== socket.OPEN) return
      if (!session) return refuse()
      stopTimer()
      const { user, sessionId, expiresAt } = session
      if (client) {
        // A fresh token (after a refresh): the socket now answers to its user, session and expiry.
        hub.update(client, { user, sessionId, tokenExpiresAt: expiresAt })
      } else {
        stopWaiting()
        client = { socket, user, sessionId, tokenExpiresAt: expiresAt, alive: true }
        socket.on('pong', () => {
          if (client) client.alive = true
        })
        hub.add(client)
        hub.send(client, { type: 'ready' })
      }
      // A session may have ended while it was checked, its `user` message reaching the hub before this client.
      if (hub.userChanges !== changesBefore) await hub.reloadUser(user.user_id)
    }

    /**
     * Handles a receipt of a message this socket was sent as its recipient and has not confirmed yet
     * (server/events/message-receipts.ts): it drops the message's push, since their app showed it (docs/requests.md,
     * "Live and push"). A frame is read here only while a receipt is awaited from this socket; any other frame, a
     * receipt of nothing awaited included, is left to be counted before it is read, like any other.
     */
    const owedReceipt = (raw: RawData): boolean => {
      if (!client || !hub.receipts.awaitsAny(client) || byteLength(raw) > MAX_RECEIPT_BYTES) return false
      const messageId = receiptIn(textOf(raw))
      if (messageId === undefined) return false
      if (!hub.receipts.take(client, messageId)) return false
      dropMessagePush(app.sql, messageId).catch((error: unknown) =>
        app.log.warn({ err: error, messageId }, 'dropping the push of a received message failed'),
      )
      return true
    }

    socket.on('message', (raw) => {
      // Frames still arrive while a close is under way: nothing more to do for this socket.
      if (socket.readyState !== socket.OPEN) return
      // A receipt this socket owed costs nothing of the budget: a quick exchange of messages must not close it.
      if (owedReceipt(raw)) return
      // Every message costs a token, counted before it is parsed or looked up: a flood of re-auths (each one a
      // database query) or of junk is closed after a few, and the client reconnects with its backoff.
      if (!budget.take()) return refuse(TOO_MANY_CLOSE, 'Too many messages')
      let token: unknown
      try {
        const message = JSON.parse(textOf(raw)) as { type?: unknown; token?: unknown }
        if (message.type !== 'auth') return client ? undefined : refuse()
        token = message.token
      } catch {
        return refuse()
      }
      authenticate(token).catch((error: unknown) => {
        app.log.warn({ err: error }, 'authenticating an event stream failed')
        if (client) hub.remove(client)
        socket.close(INTERNAL_ERROR_CLOSE, 'Try again')
      })
    })

    socket.on('close', () => {
      stopTimer()
      stopWaiting()
      if (client) hub.remove(client)
    })
  }
  // wsHandler rather than `websocket: true`, which would hide the route from the document. A plain GET (no
  // upgrade) gets the same empty 404 that @fastify/websocket gives it.
  app.route({
    method: 'GET',
    url: '/api/events',
    schema,
    // The cheap refusal: an address already at its limit of waiting sockets gets a plain 429, with no WebSocket made.
    onRequest: async (request, reply) => {
      if (request.ws && !waiting.hasRoom(addressKey(request.ip))) await reply.code(429).send()
    },
    wsHandler: stream,
    handler: async (_request, reply) => reply.code(404).send(),
  })
}
