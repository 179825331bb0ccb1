/**
 * The live-events baseline: `ws` alone, with nothing of the application. Clients authenticate with the same first
 * message (the token's user id is read, not verified); on each POST /change the recipients of the request come
 * from a list computed before the run, and ONE pre-built payload of the real event's size is sent to each of their
 * sockets. What the real server does on top (the database, the auth, shaping per audience, choosing recipients)
 * is what the comparison prices. Like any ws server that must find its dead peers (ws's README, "How to detect and
 * close broken connections"), it pings every socket as often as the server does and in the same turns
 * (server/events/heartbeat-turns.ts): at 10k sockets the pings and pongs cost as much CPU as a fifth of a change's
 * deliveries (docs/performance.md, "Pings in turns"), and they are not what the comparison prices.
 *
 * Given a DATABASE_URL, each change first makes the edit's transaction with postgres.js alone
 * (bench/lib/baseline-transaction.ts), so that a comparison can leave the database out of what it prices.
 *
 *   PORT=… RECIPIENTS_FILE=…json [DATABASE_URL=…] node --import tsx bench/lib/ws-baseline-server.ts
 */
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { WebSocketServer, type WebSocket } from 'ws'
import { HEARTBEAT_MS, HEARTBEAT_TURNS, HeartbeatTurns } from '../../server/events/heartbeat-turns.ts'
import { baselineTransaction } from './baseline-transaction.ts'

/** request id → the user ids who hear of its changes (among all users; only connected ones get anything). */
const recipients = new Map<number, number[]>(
  Object.entries(JSON.parse(readFileSync(process.env.RECIPIENTS_FILE!, 'utf8')) as Record<string, number[]>).map(
    ([id, users]) => [Number(id), users],
  ),
)
const socketsOf = new Map<number, Set<WebSocket>>()
const READY = Buffer.from('{"type":"ready"}')
const transaction = process.env.DATABASE_URL ? await baselineTransaction(process.env.DATABASE_URL) : undefined

function payload(requestId: number, seq: number, bytes: number): Buffer {
  const head = `{"type":"request.upserted","request":{"request_id":${requestId},"description":"bench ${seq} "},"pad":"`
  return Buffer.from(head + 'x'.repeat(Math.max(0, bytes - head.length - 2)) + '"}')
}

const server = createServer((request, response) => {
  if (request.method === 'GET' && request.url === '/readyz') return void response.end('ok')
  if (request.method !== 'POST' || request.url !== '/change') {
    response.statusCode = 404
    return void response.end()
  }
  const chunks: Buffer[] = []
  request.on('data', (chunk: Buffer) => chunks.push(chunk))
  request.on('end', () => {
    const { requestId, seq, bytes } = JSON.parse(Buffer.concat(chunks).toString()) as Record<string, number>
    const fanOut = () => {
      const frame = payload(requestId!, seq!, bytes!)
      for (const userId of recipients.get(requestId!) ?? [])
        for (const socket of socketsOf.get(userId) ?? []) socket.send(frame, { binary: false })
      response.setHeader('content-type', 'application/json')
      response.end('{}')
    }
    if (!transaction) return fanOut()
    transaction.edit(requestId!, `bench ${seq}`).then(fanOut, (error: unknown) => {
      console.error(error)
      response.statusCode = 500
      response.end()
    })
  })
})

const turns = new HeartbeatTurns<WebSocket>(HEARTBEAT_TURNS)
const alive = new WeakMap<WebSocket, boolean>()
setInterval(() => {
  for (const socket of turns.nextTurn()) {
    if (!alive.get(socket)) {
      turns.remove(socket)
      socket.terminate()
      continue
    }
    alive.set(socket, false)
    socket.ping()
  }
}, HEARTBEAT_MS / HEARTBEAT_TURNS).unref()

const wss = new WebSocketServer({ server, path: '/api/events' })
wss.on('connection', (socket) => {
  let userId: number | undefined
  alive.set(socket, true)
  socket.on('pong', () => alive.set(socket, true))
  turns.add(socket)
  socket.on('message', (raw: Buffer) => {
    if (userId !== undefined) return
    const { token } = JSON.parse(raw.toString()) as { token: string }
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { user_id: number }
    userId = claims.user_id
    let set = socketsOf.get(userId)
    if (!set) socketsOf.set(userId, (set = new Set()))
    set.add(socket)
    socket.send(READY, { binary: false })
  })
  socket.on('close', () => {
    turns.remove(socket)
    if (userId !== undefined) socketsOf.get(userId)?.delete(socket)
  })
})

server.listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1')
process.on('SIGTERM', () => {
  for (const client of wss.clients) client.terminate()
  server.close(() => void (transaction?.close() ?? Promise.resolve()).finally(() => process.exit(0)))
})
