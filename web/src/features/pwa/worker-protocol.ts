/** What the page posts to a waiting service worker when the user accepts the update. */
export const SKIP_WAITING = { type: 'SKIP_WAITING' } as const

export function isSkipWaitingMessage(data: unknown): boolean {
  return typeof data === 'object' && data !== null && 'type' in data && data.type === SKIP_WAITING.type
}
