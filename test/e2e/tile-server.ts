import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Test } from 'tap'

// A 1×1 half-transparent red PNG: maps get their tiles from here, since tests have no internet.
const TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
)

export interface TileServerOptions {
  /**
   * The HTTP status every tile gets (default 200 with the PNG). 401 or 403 is how a tile service refuses a wrong
   * API key: the map then shows its AuthFailure panel.
   */
  status?: number
}

/** A local tile server answering every tile with one small PNG; `tileUrl` goes into the server's TILE_URL. */
export async function startTileServer(
  t: Test,
  { status = 200 }: TileServerOptions = {},
): Promise<{ tileUrl: string; requested: () => Promise<boolean> }> {
  let firstRequest: () => void = () => {}
  const askedFor = new Promise<void>((resolve) => (firstRequest = resolve))
  const server = createServer((_, response) => {
    firstRequest()
    // CORS on every answer, refusals too: the map fetches tiles so that it can read their status.
    const headers = { 'access-control-allow-origin': '*', 'cache-control': 'no-store' }
    if (status !== 200) {
      response.writeHead(status, { ...headers, 'content-type': 'text/plain' })
      response.end('Invalid API key')
      return
    }
    response.writeHead(200, { ...headers, 'content-type': 'image/png' })
    response.end(TILE)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())))
  const { port } = server.address() as AddressInfo
  // The map asks for its tiles a moment after its canvas appears: a test waits for the first request, not only counts.
  // No deadline of its own (docs/testing.md, Helpers): a map that never asks is ended by the test file's timeout.
  const requested = (): Promise<boolean> => askedFor.then(() => true)
  return { tileUrl: `http://127.0.0.1:${port}/{z}/{x}/{y}.png`, requested }
}
