import { createConnection, createServer, type Server, type Socket } from 'node:net'
import type { Test } from 'tap'

export interface TcpProxy {
  port: number
  /** Drops every connection and stops listening: to clients it looks like the server went away. */
  cut(): Promise<void>
  /**
   * Drops every connection and, while listening on, refuses each new one as a PostgreSQL that is starting up does
   * (counted in `refused`): a server that is away longer than a client's first reconnect, whose tries a test counts.
   */
  refuse(): Promise<void>
  /** Connections dropped by `refuse` since the proxy started. */
  readonly refused: number
  /** Listens again on the same port, or passes connections through again after `refuse`. */
  restore(): Promise<void>
  close(): Promise<void>
}

/** An ErrorResponse (FATAL 57P03, "the database system is starting up"), as a restarting PostgreSQL sends it. */
const STARTING_UP = (() => {
  const fields = Buffer.from('SFATAL\0VFATAL\0C57P03\0Mthe database system is starting up\0\0')
  const header = Buffer.alloc(5)
  header.write('E')
  header.writeInt32BE(4 + fields.length, 1)
  return Buffer.concat([header, fields])
})()

/** A loopback TCP proxy a test can cut and restore, to simulate a database that goes away and comes back. */
export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<Socket>()
  let server: Server | undefined
  let port = 0
  let refusing = false
  let refused = 0

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = createServer((client) => {
        if (refusing) {
          refused++
          // As PostgreSQL answers while it starts up: the client's startup message gets a FATAL error.
          client.once('data', () => client.end(STARTING_UP))
          client.on('error', () => client.destroy())
          return
        }
        const upstream = createConnection({ host: targetHost, port: targetPort })
        for (const socket of [client, upstream]) {
          sockets.add(socket)
          socket.on('close', () => sockets.delete(socket))
          socket.on('error', () => {
            client.destroy()
            upstream.destroy()
          })
        }
        client.pipe(upstream).pipe(client)
      })
      server.once('error', reject)
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as { port: number }).port
        resolve()
      })
    })

  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy()
      if (!server) return resolve()
      server.close(() => resolve())
      server = undefined
    })

  await listen()
  return {
    get port() {
      return port
    },
    cut: stop,
    async refuse() {
      refusing = true
      for (const socket of sockets) socket.destroy()
    },
    get refused() {
      return refused
    },
    async restore() {
      if (refusing) refusing = false
      else await listen()
    },
    close: stop,
  }
}

/**
 * A proxy in front of the database at `databaseUrl`, closed when the test ends, and the URL that reaches the
 * database through it: what a test gives the code whose database it then cuts, refuses and restores.
 */
export async function proxiedDatabase(t: Test, databaseUrl: string): Promise<{ proxy: TcpProxy; url: string }> {
  const direct = new URL(databaseUrl)
  const proxy = await startTcpProxy(direct.hostname, Number(direct.port || 5432))
  t.teardown(() => proxy.close())
  const viaProxy = new URL(direct)
  viaProxy.hostname = '127.0.0.1'
  viaProxy.port = String(proxy.port)
  return { proxy, url: viaProxy.href }
}
