/**
 * The bounds of the live event stream (docs/live-and-push.md, docs/security.md; docs/adr/0003-live-socket-caps-per-instance.md):
 * sockets per user, sockets per address still waiting to authenticate, and messages per socket. All of them per
 * instance: what they protect (memory, fan-out writes, the database's time) is spent per instance.
 */

/** A user's sockets on one instance, unless LIVE_SOCKETS_PER_USER says otherwise. */
export const SOCKETS_PER_USER = 10

/**
 * The close code of a user's oldest socket when a newer one would exceed LIVE_SOCKETS_PER_USER. The web client does
 * not reconnect by itself after it (with more tabs than the limit they would close each other in turn forever): it
 * pauses live updates until the page is looked at again.
 */
export const REPLACED_CLOSE = 4409

/**
 * The close code of a socket that sends more than its budget of messages, or that comes while its address already
 * holds as many unauthenticated sockets as it may (when the upgrade could not be refused with 429 in time). The
 * client reconnects with its usual backoff.
 */
export const TOO_MANY_CLOSE = 4429

/**
 * Messages a socket may send at once. The web client sends one auth message when it connects and one after each
 * token refresh (about every 15 minutes), and nothing else: five leave room for refreshes in quick succession.
 */
export const MESSAGE_BURST = 5
/** One more message is allowed per this many milliseconds, up to the burst. */
export const MESSAGE_REFILL_MS = 60_000

/**
 * A token bucket: each message takes one token, tokens come back one per `refillMs` up to `burst`. Two numbers per
 * socket and no timer, so it costs nothing while the socket is quiet.
 */
export class MessageBudget {
  private tokens: number
  private updatedAt: number

  constructor(
    private readonly burst = MESSAGE_BURST,
    private readonly refillMs = MESSAGE_REFILL_MS,
    private readonly now: () => number = Date.now,
  ) {
    this.tokens = burst
    this.updatedAt = now()
  }

  /** Takes a token for one message; false when there is none left (the socket is to be closed). */
  take(): boolean {
    const now = this.now()
    this.tokens = Math.min(this.burst, this.tokens + (now - this.updatedAt) / this.refillMs)
    this.updatedAt = now
    if (this.tokens < 1) return false
    this.tokens -= 1
    return true
  }
}

/** Unauthenticated sockets per address key, unless LIVE_UNAUTHENTICATED_SOCKETS_PER_ADDRESS says otherwise. */
export const UNAUTHENTICATED_SOCKETS_PER_ADDRESS = 20

/**
 * Sockets still waiting to authenticate, counted per client address key (server/domain/limits/client-address.ts). Counted
 * synchronously when a socket opens and leaves the count, so sockets opened in parallel cannot pass the limit.
 */
export class WaitingSockets {
  private readonly counts = new Map<string, number>()

  constructor(readonly perAddress: number) {}

  /** Whether one more from this address may wait (a cheap check before the upgrade). */
  hasRoom(key: string): boolean {
    return (this.counts.get(key) ?? 0) < this.perAddress
  }

  /** Counts one more waiting socket of this address; false (and nothing counted) when it already has its limit. */
  enter(key: string): boolean {
    if (!this.hasRoom(key)) return false
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1)
    return true
  }

  /** A counted socket authenticated or closed. An address with none left is forgotten, so the map stays small. */
  leave(key: string): void {
    const count = (this.counts.get(key) ?? 0) - 1
    if (count > 0) this.counts.set(key, count)
    else this.counts.delete(key)
  }
}
