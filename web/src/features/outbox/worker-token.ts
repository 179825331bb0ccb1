/**
 * The service worker's access token (docs/outbox.md): the worker cannot read the page's localStorage, so it trades
 * the refresh cookie for a fresh token itself, as the page's API client does. Concurrent refreshes of the page and
 * the worker are safe: the server serialises them on the token's row and accepts the same refresh token again
 * within a grace window (server/domain/accounts/sessions.ts, REFRESH_REUSE_GRACE_SECONDS). Free of DOM, worker and
 * IndexedDB types, so Node tests run it.
 */
import { decodeTokenPayload } from '#shared/api/jwt.ts'
import { SEND_TIMEOUT_MS } from './retry-rules.ts'

/** What of the worker's global scope this needs. */
export interface WorkerScope {
  fetch: (input: string, init: RequestInit) => Promise<Response>
  /** The app's windows, to tell them what was sent. */
  windows: () => Promise<ReadonlyArray<{ postMessage: (message: unknown) => void }>>
}

export const REFRESH_PATH = '/api/user/refresh-token'

/** fetch with the outbox's timeout; no answer at all is null. */
export async function call(scope: WorkerScope, path: string, init: RequestInit): Promise<Response | null> {
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), SEND_TIMEOUT_MS)
  try {
    return await scope.fetch(path, { ...init, credentials: 'include', signal: controller.signal })
  } catch {
    return null
  } finally {
    clearTimeout(timer)
  }
}

/**
 * A fresh access token and whose it is (the token's subject), or null when the server refused the refresh (the
 * session is over: the page ends it, and clears the outbox, when it next opens). Throws when there was no usable
 * answer, so the browser tries the sync again later.
 */
export async function refreshInWorker(scope: WorkerScope): Promise<{ token: string; userId: number } | null> {
  const response = await call(scope, REFRESH_PATH, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: '{}',
  })
  if (!response) throw new Error('No answer to the refresh')
  if (response.status === 401 || response.status === 403) return null
  if (!response.ok) throw new Error(`The refresh answered ${response.status}`)
  const body = (await response.json()) as { accessToken?: unknown }
  const token = typeof body.accessToken === 'string' ? body.accessToken : null
  const subject = (decodeTokenPayload(token) as { sub?: unknown } | null)?.sub
  const userId = typeof subject === 'string' ? Number(subject) : Number.NaN
  if (!token || !Number.isSafeInteger(userId)) throw new Error('The refresh answered no token')
  return { token, userId }
}
