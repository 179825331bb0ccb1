import type { FastifyInstance } from 'fastify'
import { UNAUTHORIZED_CLOSE, type Client } from '../events/hub.ts'

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
  app.get('/api/events', { websocket: true }, (socket) => {
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
        Object.assign(client, { user, sessionId, tokenExpiresAt: expiresAt })
      } else {
        client = { socket, user, sessionId, tokenExpiresAt: expiresAt, alive: true }
        socket.on('pong', () => {
          if (client) client.alive = true
        })
        hub.clients.add(client)
        hub.send(client, { type: 'ready' })
      }
      // A session may have ended while it was checked, its `user` message reaching the hub before this client.
      if (hub.userChanges !== changesBefore) await hub.reloadUser(user.user_id)
    }

    socket.on('message', (raw) => {
      let token: unknown
      try {
        const message = JSON.parse(String(raw)) as { type?: unknown; token?: unknown }
        if (message.type !== 'auth') return client ? undefined : refuse()
        token = message.token
      } catch {
        return refuse()
      }
      authenticate(token).catch((error: unknown) => {
        app.log.warn({ err: error }, 'authenticating an event stream failed')
        if (client) hub.clients.delete(client)
        socket.close(INTERNAL_ERROR_CLOSE, 'Try again')
      })
    })

    socket.on('close', () => {
      clearTimeout(timer)
      if (client) hub.clients.delete(client)
    })
  })
}
