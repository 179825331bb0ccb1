/** How many messages a socket may leave unconfirmed before the oldest is forgotten (its push then goes as due). */
export const RECEIPTS_PER_SOCKET = 32
/** A receipt is `{"type":"received","message_id":"…"}`: anything longer is not one, and is not parsed here. */
export const MAX_RECEIPT_BYTES = 200

/**
 * The conversation messages written to each socket that its app has not yet confirmed it showed
 * (docs/requests.md, "Live and push"). A message written to an open socket may still never arrive: a phone that
 * lost its signal keeps its socket open on the server until a ping goes unanswered, up to a minute later. Only the
 * app's own receipt, sent while the app is in view, tells that the recipient saw it arrive and needs no push.
 */
export class AwaitedReceipts<Socket extends object> {
  /** Per socket, in the order written: message id → whether this socket's user is the message's recipient. */
  private readonly bySocket = new WeakMap<Socket, Map<string, boolean>>()

  expect(socket: Socket, messageId: string, recipient: boolean): void {
    let awaited = this.bySocket.get(socket)
    if (!awaited) this.bySocket.set(socket, (awaited = new Map<string, boolean>()))
    awaited.set(messageId, recipient)
    if (awaited.size > RECEIPTS_PER_SOCKET) awaited.delete(awaited.keys().next().value!)
  }

  /**
   * The socket confirmed this message: undefined when it was not awaited from it (never written to it, confirmed
   * already, or forgotten), else whether its user is the recipient, whose push the receipt makes unneeded.
   */
  take(socket: Socket, messageId: string): boolean | undefined {
    const awaited = this.bySocket.get(socket)
    const recipient = awaited?.get(messageId)
    awaited?.delete(messageId)
    return recipient
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
