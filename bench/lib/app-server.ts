/**
 * The real server for HTTP benches: buildServer, exactly what production runs, listening on a free port of
 * 127.0.0.1 in this process (the load generator is another process, so this process's CPU is the server's).
 * Logs at production's level (info: a line per request) into /dev/null, so their cost is counted, not printed.
 */
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { configWith } from '../../server/config.ts'
import { buildServer } from '../../server/server.ts'

export interface AppServer {
  app: FastifyInstance
  url: string
  close(): Promise<void>
}

export async function startAppServer(databaseUrl: string): Promise<AppServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pyoraapu-bench-'))
  const logStream = createWriteStream('/dev/null')
  const app = buildServer(configWith({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir, LOG_LEVEL: 'info' }), {
    logStream,
  })
  const close = async () => {
    await app.close()
    logStream.end()
    rmSync(dataDir, { recursive: true, force: true })
  }
  try {
    await app.listen({ host: '127.0.0.1', port: 0 })
  } catch (error) {
    await close()
    throw error
  }
  const { port } = app.server.address() as AddressInfo
  return { app, url: `http://127.0.0.1:${port}`, close }
}

/** A node:http server's URL once it listens on a free port of 127.0.0.1. */
export async function listenLocal(server: Server): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', resolve)
  })
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

export const closeServer = (server: Server): Promise<void> =>
  new Promise((resolve) => {
    server.closeAllConnections()
    server.close(() => resolve())
  })
