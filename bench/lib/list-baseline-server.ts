/**
 * The list API bench's baseline in a process of its own: node:http + postgres.js answering `GET /api/requests`
 * (and `?all=1`) with the server's own list SQL (server/domain/requests/list.ts) after the same session lookup,
 * shaped by the same function and sent with JSON.stringify; none of what Fastify adds (routing, the JWT check,
 * validation, hooks, security headers, the access line). DATABASE_URL, SESSION_ID, USER_ID; PORT and HOST as the
 * real server takes them.
 */
import { createServer } from 'node:http'
import postgres from 'postgres'
import { configWith } from '../../server/config.ts'
import { liveSession } from '../../server/domain/accounts/sessions.ts'
import { listNearby, listPage } from '../../server/domain/requests/list.ts'
import { requestFor } from '../../server/domain/requests/requests.ts'

const config = configWith({})
const sql = postgres(process.env.DATABASE_URL!, { max: config.DATABASE_POOL_MAX, onnotice: () => {} })
const sessionId = process.env.SESSION_ID!
const userId = Number(process.env.USER_ID)

createServer((request, response) => {
  if (request.url === '/__ready') return response.writeHead(200).end()
  const work = async () => {
    const viewer = (await liveSession(sql, sessionId, userId))?.user
    if (!viewer) return response.writeHead(401).end()
    const all = new URL(request.url ?? '/', 'http://localhost').searchParams.get('all') === '1'
    const page = all ? await listPage(sql, viewer, config.REQUEST_HISTORY_DAYS, undefined, 'bench-key') : undefined
    const list = page ?? (await listNearby(sql, viewer, config.REQUEST_HISTORY_DAYS, 'bench-key'))
    const headers: Record<string, string> = {
      'content-type': 'application/json; charset=utf-8',
      'x-sync-cursor': list.syncCursor,
    }
    if (page?.nextCursor) headers['x-next-cursor'] = page.nextCursor
    response.writeHead(200, headers).end(JSON.stringify(list.rows.map((row) => requestFor(row, viewer, 'list'))))
  }
  work().catch((error: Error) => response.writeHead(500).end(error.message))
}).listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1')
