import WebSocket from 'ws'

export type ServerEvent = { type: string; request?: Record<string, unknown>; request_id?: number }

export interface EventClient {
  socket: WebSocket
  events: ServerEvent[]
  /**
   * The first event (already received or still to come) that matches. No deadline of its own: a busy machine only
   * makes it slower, and an event that never comes is ended by the test runner's timeout.
   */
  next(match: (event: ServerEvent) => boolean): Promise<ServerEvent>
  closed: Promise<{ code: number; reason: string }>
  close(): void
}

/** A real WebSocket client of GET /api/events, authenticated with `token` unless it is undefined. */
export async function openEvents(baseUrl: string, token: string | undefined): Promise<EventClient> {
  const socket = new WebSocket(baseUrl.replace(/^http/, 'ws') + '/api/events')
  const events: ServerEvent[] = []
  const waiters = new Set<() => void>()
  socket.on('message', (raw) => {
    events.push(
      JSON.parse(Buffer.isBuffer(raw) ? raw.toString() : Buffer.from(raw as ArrayBuffer).toString()) as ServerEvent,
    )
    for (const waiter of waiters) waiter()
  })
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
  )
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve())
    socket.once('error', reject)
  })
  const client: EventClient = {
    socket,
    events,
    closed,
    close: () => socket.close(),
    next(match) {
      return new Promise((resolve) => {
        const check = () => {
          const found = events.find(match)
          if (!found) return
          waiters.delete(check)
          resolve(found)
        }
        waiters.add(check)
        check()
      })
    },
  }
  if (token !== undefined) {
    socket.send(JSON.stringify({ type: 'auth', token }))
    await client.next((event) => event.type === 'ready')
  }
  return client
}

/**
 * Whether an event matching `forbidden` arrived: for asserting that something did NOT arrive, without waiting a
 * guessed time (which passes on a slow machine when it should fail). Call it once the change under test has reached
 * another client: the server sends one change to every socket in the same tick. `marker` then makes a later change
 * that THIS client does receive, and returns its matcher; one socket delivers in order, so had the forbidden event
 * been sent, it is in `events` before the marker's.
 */
export async function receivedBeforeMarker(
  client: EventClient,
  forbidden: (event: ServerEvent) => boolean,
  marker: () => Promise<(event: ServerEvent) => boolean>,
): Promise<boolean> {
  const arrived = await client.next(await marker())
  return client.events.slice(0, client.events.indexOf(arrived)).some(forbidden)
}
