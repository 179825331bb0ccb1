/** Reconnect delays of the event stream: exponential from 1 s, capped at 30 s. */
export const RECONNECT_BASE_MS = 1000
export const RECONNECT_MAX_MS = 30_000

/**
 * The wait before reconnect number `attempt` (0 after a connection that worked). The ceiling doubles per
 * failed attempt up to 30 s; the wait is a random point in its upper half ("equal jitter"), so after a server
 * restart thousands of clients do not all come back in the same second, yet nobody waits much less than planned.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** Math.max(0, attempt))
  return Math.round(ceiling / 2 + (random() * ceiling) / 2)
}
