import t from 'tap'
import { connect, type Socket } from 'node:net'
import postgres from 'postgres'
import { ADMIN_DATABASE_URL } from '../../helper.ts'
import { proxiedDatabase } from '../../tcp-proxy.ts'

/**
 * postgres.js 3.4.9 sends a small message on the next turn of the event loop (`setImmediate(nextWrite)`), and three
 * things went wrong around a socket that closed in between (patches/README.md, "postgres+3.4.9+001+upstream-fixes"):
 * the turn wrote to no socket, a TypeError thrown from the timer that no caller can catch and that ends the process
 * (porsager/postgres#1154, #1066, #1208); the closed socket's cancelled timer and unsent bytes stayed, so the next
 * socket never sent its startup message (LanternOps/breeze#3225); and a reserved connection that closed was lent to
 * the pool as open when released.
 */
t.test(
  'a query on a reserved connection whose socket has closed fails as closed, and the process lives on',
  async (t) => {
    const { proxy, url: viaProxy } = await proxiedDatabase(t, ADMIN_DATABASE_URL)
    let onClose = () => {}
    const sql = postgres(viaProxy, {
      max: 1,
      onnotice: () => {},
      connect_timeout: 5,
      onclose: () => onClose(),
    })
    t.teardown(() => sql.end({ timeout: 1 }))

    const reserved = await sql.reserve()
    t.same(await reserved`select 1 as one`, [{ one: 1 }])
    const closed = new Promise<void>((resolve) => (onClose = resolve))
    await proxy.cut()
    await closed
    await t.rejects(reserved`select 2 as two`, { code: 'CONNECTION_CLOSED' }, 'the query fails as closed')
    reserved.release()

    await proxy.restore()
    t.same(await sql`select 3 as three`, [{ three: 3 }], 'the pool connects again and answers')
  },
)

t.test('a socket that closes with a write still pending leaves nothing behind for the next one', async (t) => {
  const direct = new URL(ADMIN_DATABASE_URL)
  const sockets: Socket[] = []
  const options = {
    max: 1,
    onnotice: () => {},
    connect_timeout: 5,
    // The driver's sockets, so the test can close one at a moment of its choosing. The driver takes a `socket`
    // factory (its README, "Custom socket") that its types do not declare.
    socket: () =>
      new Promise<Socket>((resolve, reject) => {
        const socket = connect(Number(direct.port || 5432), direct.hostname, () => resolve(socket))
        socket.once('error', reject)
        sockets.push(socket)
      }),
  }
  const sql = postgres(ADMIN_DATABASE_URL, options)
  t.teardown(() => sql.end({ timeout: 1 }))

  t.same(await sql`select 1 as one`, [{ one: 1 }])
  // The close callbacks of sockets closed in one turn run after its immediates, the last closed first (libuv's
  // closing handles): a query handed to the connection in `other`'s waits for the next turn's immediates, and the
  // driver's socket has closed before they run.
  const other = await new Promise<Socket>((resolve) => {
    const socket = connect(Number(direct.port || 5432), direct.hostname, () => resolve(socket))
  })
  const pending = new Promise((resolve, reject) =>
    other.once('close', () => void sql`select 2 as two`.execute().then(resolve, reject)),
  )
  sockets[0]?.destroy()
  other.destroy()
  await t.rejects(pending, { code: 'CONNECTION_CLOSED' }, 'the query written to the closed socket fails as closed')
  t.same(await sql`select 3 as three`, [{ three: 3 }], 'the next socket starts cleanly and answers')
  t.equal(sockets.length, 2, 'on a socket of its own')
})
