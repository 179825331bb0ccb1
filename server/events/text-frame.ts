import type { Duplex } from 'node:stream'
import type { WebSocket } from 'ws'

/**
 * An event built once for every socket of its audience: the whole WebSocket text frame, header and JSON payload.
 * A server's frames are not masked (RFC 6455 §5.3), so the same bytes suit every connection, and a broadcast to a
 * thousand sockets is a thousand writes of one buffer instead of a thousand framings by ws.
 */
export interface TextFrame {
  readonly payload: Buffer
  readonly wire: Buffer
}

const FIN_AND_TEXT = 0x81

export function textFrame(json: string): TextFrame {
  const length = Buffer.byteLength(json)
  const headerLength = length < 126 ? 2 : length < 65_536 ? 4 : 10
  const wire = Buffer.allocUnsafe(headerLength + length)
  wire[0] = FIN_AND_TEXT
  if (length < 126) wire[1] = length
  else if (length < 65_536) {
    wire[1] = 126
    wire.writeUInt16BE(length, 2)
  } else {
    wire[1] = 127
    wire.writeBigUInt64BE(BigInt(length), 2)
  }
  wire.write(json, headerLength)
  return { payload: wire.subarray(headerLength), wire }
}

/** The parts of ws 8's WebSocket that say whether a frame may bypass its sender. */
interface WsInternals {
  _socket?: Duplex | null
  _sender?: { _state?: number } | null
}

/** ws's sender state when it has nothing queued (lib/sender.js `DEFAULT`). */
const SENDER_IDLE = 0

/**
 * Writes the pre-built frame straight to the TCP socket when ws would add nothing to it: no compression negotiated
 * and nothing queued in its sender, so the order of frames is kept. Otherwise (or should a ws upgrade rename its
 * internals) ws frames the payload itself, as for any send.
 */
export function writeTextFrame(socket: WebSocket, frame: TextFrame): void {
  const { _socket: raw, _sender: sender } = socket as unknown as WsInternals
  if (socket.extensions === '' && raw?.writable && sender?._state === SENDER_IDLE) raw.write(frame.wire)
  else socket.send(frame.payload, { binary: false })
}
