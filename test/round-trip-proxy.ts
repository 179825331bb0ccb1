import { createConnection, createServer, type Server, type Socket } from 'node:net'

/** One round trip a client made: which of the proxy's connections, and the statements it ran in it. */
export interface RoundTrip {
  connection: number
  statements: string[]
}

export interface RoundTripProxy {
  /** The URL to give the app instead of `databaseUrl`. */
  url: string
  /** Starts a new count: `since` answers only what came after the latest mark. */
  mark(): void
  /** The round trips since the latest mark, in the order the clients sent them. */
  since(): RoundTrip[]
  close(): Promise<void>
}

/**
 * A loopback proxy in front of PostgreSQL that reads the PostgreSQL protocol from the client side and counts round
 * trips: each Sync (the extended protocol's end of a query: Parse/Bind/Execute/Sync) and each simple Query is one
 * answer the client waits for. A count, not a time: the same work gives the same number on any machine. A
 * statement's text comes from its Parse (prepared statements are named once per connection and bound by name after).
 * Only a client that asks for no TLS (postgres.js's default) can be read: its first message is the startup packet.
 */
export async function startRoundTripProxy(databaseUrl: string): Promise<RoundTripProxy> {
  const target = new URL(databaseUrl)
  const sockets = new Set<Socket>()
  let trips: RoundTrip[] = []
  let connections = 0

  const server: Server = createServer((client) => {
    const connection = ++connections
    const upstream = createConnection({ host: target.hostname, port: Number(target.port || 5432) })
    for (const socket of [client, upstream]) {
      sockets.add(socket)
      socket.on('close', () => sockets.delete(socket))
      socket.on('error', () => {
        client.destroy()
        upstream.destroy()
      })
    }
    const named = new Map<string, string>()
    let bound: string[] = []
    let started = false
    let pending = Buffer.alloc(0)
    client.on('data', (chunk: Buffer) => {
      upstream.write(chunk)
      pending = Buffer.concat([pending, chunk])
      for (;;) {
        if (!started) {
          if (pending.length < 4) return
          const length = pending.readInt32BE(0)
          if (pending.length < length) return
          pending = pending.subarray(length)
          started = true
          continue
        }
        if (pending.length < 5) return
        const length = pending.readInt32BE(1)
        if (pending.length < length + 1) return
        const type = String.fromCharCode(pending[0]!)
        const body = pending.subarray(5, length + 1)
        pending = pending.subarray(length + 1)
        if (type === 'P') {
          const [name, text] = cStrings(body, 2)
          named.set(name!, text!)
        } else if (type === 'B') {
          const [, statement] = cStrings(body, 2)
          bound.push(named.get(statement!) ?? '?')
        } else if (type === 'S') {
          trips.push({ connection, statements: bound })
          bound = []
        } else if (type === 'Q') {
          trips.push({ connection, statements: [cStrings(body, 1)[0]!] })
        }
      }
    })
    upstream.pipe(client)
    client.on('end', () => upstream.end())
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const url = new URL(databaseUrl)
  url.hostname = '127.0.0.1'
  url.port = String((server.address() as { port: number }).port)
  return {
    url: url.toString(),
    mark: () => void (trips = []),
    since: () => [...trips],
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}

/** The first `count` NUL-terminated strings of a message body. */
function cStrings(body: Buffer, count: number): string[] {
  const strings: string[] = []
  let start = 0
  while (strings.length < count) {
    const end = body.indexOf(0, start)
    if (end < 0) break
    strings.push(body.toString('utf8', start, end))
    start = end + 1
  }
  return strings
}

/**
 * The round trips of the one transaction among `trips` (from its `begin` to its `commit`, on its connection):
 * a change's cost on the request path, whatever else the app ran meanwhile on its other connections.
 */
export function transactionTrips(trips: RoundTrip[]): RoundTrip[] {
  const begin = trips.findIndex((trip) => trip.statements.some((text) => /^begin\b/i.test(text.trim())))
  if (begin < 0) throw new Error('no transaction began')
  const { connection } = trips[begin]!
  const own = trips.slice(begin).filter((trip) => trip.connection === connection)
  const commit = own.findIndex((trip) => trip.statements.some((text) => /^(commit|rollback)\b/i.test(text.trim())))
  if (commit < 0) throw new Error('the transaction did not end')
  return own.slice(0, commit + 1)
}
