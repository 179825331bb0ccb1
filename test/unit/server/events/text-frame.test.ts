import { once } from 'node:events'
import type { AddressInfo } from 'node:net'
import t, { type Test } from 'tap'
import WebSocket, { WebSocketServer } from 'ws'
import { textFrame, writeTextFrame } from '../../../../server/events/text-frame.ts'

/** A ws server and one client connected to it; the server's side of the connection is handed to the test. */
async function connected(t: Test, perMessageDeflate: boolean) {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate })
  t.teardown(() => server.close())
  await once(server, 'listening')
  const { port } = server.address() as AddressInfo
  const client = new WebSocket(`ws://127.0.0.1:${port}`, { perMessageDeflate })
  t.teardown(() => client.terminate())
  const [serverSide] = (await once(server, 'connection')) as [WebSocket]
  await once(client, 'open')
  return { serverSide, client }
}

/** Resolves with the next `count` text messages the client receives. */
function received(client: WebSocket, count: number): Promise<string[]> {
  const messages: string[] = []
  return new Promise((resolve, reject) => {
    client.on('error', reject)
    client.on('message', (data: Buffer, isBinary: boolean) => {
      if (isBinary) reject(new Error('a binary frame'))
      messages.push(data.toString())
      if (messages.length === count) resolve(messages)
    })
  })
}

// The three header sizes (7-bit, 16-bit and 64-bit lengths) and their edges; ä is two bytes, so the byte length counts.
const SIZES = [0, 1, 125, 126, 127, 65_535, 65_536, 200_000]
const jsonOf = (size: number, mark: string) => JSON.stringify({ m: mark, p: 'ä'.repeat(size) })

for (const perMessageDeflate of [false, true]) {
  t.test(
    `pre-built frames arrive whole and in order among ws's own sends (compression ${perMessageDeflate ? 'on' : 'off'})`,
    async (t) => {
      const { serverSide, client } = await connected(t, perMessageDeflate)
      const expected: string[] = []
      const arriving = received(client, SIZES.length * 2)
      let framedByWs = 0
      const send = serverSide.send.bind(serverSide) as (...args: unknown[]) => void
      for (const size of SIZES) {
        const json = jsonOf(size, `frame ${size}`)
        serverSide.send = ((...args: unknown[]) => (framedByWs++, send(...args))) as WebSocket['send']
        writeTextFrame(serverSide, textFrame(json))
        serverSide.send = send as WebSocket['send']
        expected.push(json)
        const own = jsonOf(size % 300, `send ${size}`)
        serverSide.send(own)
        expected.push(own)
      }
      t.same(await arriving, expected)
      // Compressed frames differ per connection (and ws may have one in flight), so ws frames those itself.
      t.equal(framedByWs, perMessageDeflate ? SIZES.length : 0, 'written as pre-built only without compression')
    },
  )
}

t.test('one frame serves many sockets', async (t) => {
  const first = await connected(t, false)
  const second = await connected(t, false)
  const frame = textFrame(jsonOf(1000, 'shared'))
  const arriving = Promise.all([received(first.client, 1), received(second.client, 1)])
  writeTextFrame(first.serverSide, frame)
  writeTextFrame(second.serverSide, frame)
  t.same(await arriving, [[jsonOf(1000, 'shared')], [jsonOf(1000, 'shared')]])
  t.equal(frame.payload.toString(), jsonOf(1000, 'shared'), 'the frame is not changed by being written')
})
