import type { FastifyInstance } from 'fastify'
import type { RawData, WebSocket } from 'ws'
import { UNAUTHORIZED_CLOSE, type Client } from '../events/hub.ts'
import { BEARER_AUTH } from '../schemas/common.ts'

/** A text frame's content: ws hands over a Buffer, or its fragments, or an ArrayBuffer by binaryType. */
const textOf = (raw: RawData): string =>
  (Array.isArray(raw) ? Buffer.concat(raw) : Buffer.isBuffer(raw) ? raw : Buffer.from(raw)).toString('utf8')

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
  const schema = {
    tags: ['events'],
    summary: 'The live event stream (WebSocket)',
    description:
      'Open a WebSocket here. Within 5 s send `{"type":"auth","token":"<access token>"}` (the token never goes in ' +
      'the URL, which ends up in logs); the server answers `{"type":"ready"}`, then sends `request.upserted` ' +
      '(the request as GET /api/requests lists it for this user: phone numbers only between its owner and ' +
      "responder), `request.deleted`, `user.updated` (the user's own account after a role, name, radius or " +
      'language change), `services.changed` (the service map changed: fetch GET /api/services again) and `refetch` ' +
      '(events may have been missed: fetch the requests again). Send a fresh token the same way after a refresh, before the old one ' +
      'expires. A refused token closes the socket with 4401; the end of the session closes it too. A plain GET ' +
      'without the upgrade answers 404. Documented as a GET because OpenAPI has no WebSocket operations.',
    security: BEARER_AUTH,
    response: {
      101: { description: 'Switching Protocols: the WebSocket is open; authenticate in its first message.' },
      404: { description: 'Not a WebSocket upgrade request: no body.' },
    },
  }
  const stream = (socket: WebSocket) => {
    let client: Client | undefined
    const refuse = () => {
      if (client) hub.end(client, 'Unauthorized')
      else socket.close(UNAUTHORIZED_CLOSE, 'Unauthorized')
    }
    const timer = setTimeout(refuse, AUTH_TIMEOUT_MS)

    const authenticate = async (token: unknown) => {
      const changesBefore = hub.userChanges
      const session = await app.userForAccessToken(token)
      // Closed while the session was checked (or refused meanwhile): nothing to add.
      if (socket.readyState !== socket.OPEN) return
      if (!session) return refuse()
      clearTimeout(timer)
      const { user, sessionId, expiresAt } = session
      if (client) {
        // A fresh token (after a refresh): the socket now answers to its user, session and expiry.
        hub.update(client, { user, sessionId, tokenExpiresAt: expiresAt })
      } else {
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

    socket.on('message', (raw) => {
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
      clearTimeout(timer)
      if (client) hub.remove(client)
    })
  }
  // wsHandler rather than `websocket: true`, which would hide the route from the document. A plain GET (no
  // upgrade) gets the same empty 404 that @fastify/websocket gives it.
  app.route({
    method: 'GET',
    url: '/api/events',
    schema,
    wsHandler: stream,
    handler: async (_request, reply) => reply.code(404).send(),
  })
}
