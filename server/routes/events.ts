import type { FastifyInstance } from 'fastify'
import type { Client } from '../events/hub.ts'

/** A socket must say who it is this soon, or it is closed. */
export const AUTH_TIMEOUT_MS = 5000
export const UNAUTHORIZED_CLOSE = 4401

/**
 * GET /api/events: the live event stream. The access token comes in the first message, not the URL (URLs end
 * up in logs); a fresh one may be sent the same way after a refresh.
 */
export default async function eventRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/events', { websocket: true }, (socket) => {
    let client: Client | undefined
    const refuse = () => socket.close(UNAUTHORIZED_CLOSE, 'Unauthorized')
    const timer = setTimeout(refuse, AUTH_TIMEOUT_MS)

    socket.on('message', async (raw) => {
      let token: unknown
      try {
        const message = JSON.parse(String(raw)) as { type?: unknown; token?: unknown }
        if (message.type !== 'auth') return client ? undefined : refuse()
        token = message.token
      } catch {
        return refuse()
      }
      const user = (await app.userForAccessToken(token))?.user
      if (!user) return refuse()
      clearTimeout(timer)
      if (client) {
        client.user = user
        return
      }
      client = { socket, user, alive: true }
      socket.on('pong', () => {
        if (client) client.alive = true
      })
      app.events.hub.clients.add(client)
      app.events.hub.send(client, { type: 'ready' })
    })

    socket.on('close', () => {
      clearTimeout(timer)
      if (client) app.events.hub.clients.delete(client)
    })
  })
}
