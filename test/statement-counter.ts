import { createConnection, createServer, type Server, type Socket } from 'node:net'

export interface StatementCounter {
  /** The URL to give the app instead of `databaseUrl`. */
  url: string
  /** The statements the clients ran through the proxy, in the order they sent them (texts as prepared). */
  readonly statements: string[]
  close(): Promise<void>
}

/**
 * A loopback proxy in front of PostgreSQL that reads the client side of the protocol and records every statement
 * run: a simple Query, or a Bind of a statement prepared by name earlier on the same connection (postgres.js
 * prepares each text once per connection). A count, not a time: the same calls give the same list on any machine.
 * Only a client that asks for no TLS (postgres.js's default) can be read: its first message is the startup packet.
 */
export async function startStatementCounter(databaseUrl: string): Promise<StatementCounter> {
  const target = new URL(databaseUrl)
  const sockets = new Set<Socket>()
  const statements: string[] = []
  const server: Server = createServer((client) => {
    const upstream = createConnection({ host: target.hostname, port: Number(target.port || 5432) })
    for (const socket of [client, upstream]) {
      sockets.add(socket)
      socket.on('close', () => sockets.delete(socket))
      socket.on('error', () => {
        client.destroy()
        upstream.destroy()
      })
    }
    const prepared = new Map<string, string>()
    let started = false
    let pending = Buffer.alloc(0)
    client.on('data', (chunk: Buffer) => {
      upstream.write(chunk)
      pending = Buffer.concat([pending, chunk])
      for (;;) {
        // The startup packet has no type byte; every later message is a type, a length, a body.
        const header = started ? 5 : 4
        if (pending.length < header) return
        const length = pending.readInt32BE(started ? 1 : 0) + (started ? 1 : 0)
        if (pending.length < length) return
        const type = started ? String.fromCharCode(pending[0]!) : ''
        const body = pending.subarray(header, length)
        pending = pending.subarray(length)
        if (!started) started = true
        else if (type === 'P') {
          const [name, text] = cStrings(body, 2)
          prepared.set(name!, text!)
        } else if (type === 'B') statements.push(prepared.get(cStrings(body, 2)[1]!) ?? '?')
        else if (type === 'Q') statements.push(cStrings(body, 1)[0]!)
      }
    })
    upstream.pipe(client)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = new URL(databaseUrl)
  url.hostname = '127.0.0.1'
  url.port = String((server.address() as { port: number }).port)
  return {
    url: url.toString(),
    statements,
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
    strings.push(body.subarray(start, end).toString())
    start = end + 1
  }
  return strings
}
