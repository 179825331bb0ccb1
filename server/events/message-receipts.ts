/** How many messages a socket may leave unconfirmed before the oldest is forgotten (its push then goes as due). */
export const RECEIPTS_PER_SOCKET = 32
/** A receipt is `{"type":"received","message_id":"…"}`: anything longer is not one, and is not parsed here. */
export const MAX_RECEIPT_BYTES = 200

/**
 * The conversation messages written to each socket of their recipient that its app has not yet confirmed it
 * showed (docs/adr/0015-message-push-dropped-by-receipt.md). A message written to an open socket may still never
 * arrive: a phone that lost its signal keeps its socket open on the server until a ping goes unanswered, up to a
 * minute later. Only the app's own receipt, sent while the app is in view, tells that the recipient saw it arrive
 * and needs no push.
 */
export class AwaitedReceipts<Socket extends object> {
  /** Per socket, the message ids in the order written. */
  private readonly bySocket = new WeakMap<Socket, Set<string>>()

  expect(socket: Socket, messageId: string): void {
    let awaited = this.bySocket.get(socket)
    if (!awaited) this.bySocket.set(socket, (awaited = new Set<string>()))
    awaited.add(messageId)
    if (awaited.size > RECEIPTS_PER_SOCKET) awaited.delete(awaited.values().next().value!)
  }

  /** Whether any receipt is awaited from this socket: only then is a frame of it read as one. */
  awaitsAny(socket: Socket): boolean {
    return (this.bySocket.get(socket)?.size ?? 0) > 0
  }

  /**
   * The socket confirmed this message: whether it was awaited from it (written to it for its recipient, and neither
   * confirmed nor forgotten since). Each is taken once.
   */
  take(socket: Socket, messageId: string): boolean {
    return this.bySocket.get(socket)?.delete(messageId) ?? false
  }
}

/** The message id of a receipt, or undefined when the text is anything else (not JSON included). */
export function receiptIn(text: string): string | undefined {
  try {
    const message = JSON.parse(text) as { type?: unknown; message_id?: unknown }
    return message.type === 'received' && typeof message.message_id === 'string' ? message.message_id : undefined
  } catch {
    return undefined
  }
}
