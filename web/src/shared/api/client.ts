import { ApiError, SessionEndedError } from './errors.ts'

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE'

export interface ApiRequest {
  method?: HttpMethod
  /** Sent as JSON. */
  body?: unknown
  /**
   * false for the public calls (login, registration, phone checks): no Authorization header and no refresh on a
   * 401, which there means wrong credentials, not an expired token.
   */
  auth?: boolean
  /**
   * Message of the ApiError when the answer carries none (the PUT helper's "Request update failed",
   * docs/product.md#messages).
   */
  fallbackMessage?: string
  /** The browser HTTP cache's mode: 'no-cache' revalidates a cached answer (its ETag) instead of reusing it. */
  cache?: 'default' | 'no-cache' | 'reload'
  /** Headers of the call's own, e.g. the outbox's Idempotency-Key (docs/outbox.md). */
  headers?: Record<string, string>
  /** Ends the call (the outbox's timeout): it then fails like one without an answer, an ApiError with status 0. */
  signal?: AbortSignal
}

/**
 * The client's link to the session: where the token is read, and whom to tell that it changed or that the
 * session is over. The session slice connects itself; the client imports neither the store nor the storage, so
 * it runs (and is tested) anywhere fetch exists.
 */
/** What a caller may add to one call of a feature's API module: its own headers and an end (the outbox's). */
export type CallOptions = Pick<ApiRequest, 'headers' | 'signal'>

export interface SessionLink {
  /** The stored access token (docs/product.md#accounts). */
  readToken: () => string | null
  /** A refresh brought a new token: store it. */
  tokenRefreshed: (token: string) => void
  /** The server refused the session: forget it. */
  sessionEnded: () => void
  /**
   * A refresh was refused with 403 and these words: the account is suspended or banned (docs/accounts.md,
   * "Suspension and ban"). Told before the refusal ends the session, so the signed-out app can say why.
   */
  refreshRefused: (message: string) => void
}

let session: SessionLink = {
  readToken: () => null,
  tokenRefreshed: () => {},
  sessionEnded: () => {},
  refreshRefused: () => {},
}

export function connectSession(link: SessionLink): void {
  session = link
}

const REFRESH_PATH = '/api/user/refresh-token'

async function send(path: string, request: ApiRequest, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { ...request.headers, Accept: 'application/json' }
  if (request.body !== undefined) headers['Content-Type'] = 'application/json'
  if (token) headers.Authorization = `Bearer ${token}`
  try {
    return await fetch(path, {
      method: request.method ?? 'GET',
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      credentials: 'include',
      ...(request.cache ? { cache: request.cache } : {}),
      ...(request.signal ? { signal: request.signal } : {}),
    })
  } catch (error) {
    // Offline, DNS, a dropped connection: no HTTP answer at all.
    throw new ApiError(0, error instanceof Error ? error.message : 'Network error')
  }
}

async function readJson(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined
  const text = await response.text()
  if (!text) return undefined
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}

function messageOf(body: unknown): string | undefined {
  if (typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string') {
    return body.message
  }
  return undefined
}

async function answerOf<T>(response: Response, fallbackMessage: string | undefined): Promise<T> {
  const body = await readJson(response)
  if (!response.ok) {
    const retryAfter = Number(response.headers.get('retry-after') ?? Number.NaN)
    throw new ApiError(
      response.status,
      messageOf(body) ?? fallbackMessage ?? `HTTP ${response.status}`,
      Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter : null,
    )
  }
  return body as T
}

let refreshing: Promise<string | null> | null = null

/**
 * Trades the refresh cookie for a new access token and stores it. Resolves null when the server refuses (the
 * session is over); throws an ApiError when it cannot be reached (status 0) or cannot answer now (429, 5xx).
 * Concurrent callers share one call: the server rotates the refresh token on every use and treats a reused one
 * (after a short grace window) as theft.
 */
export function refreshAccessToken(): Promise<string | null> {
  refreshing ??= (async () => {
    try {
      const response = await send(REFRESH_PATH, { method: 'POST', body: {} }, null)
      if (response.status === 403) {
        const message = messageOf(await readJson(response))
        if (message) session.refreshRefused(message)
        return null
      }
      if (response.status === 401) return null
      // A 429 or 5xx is no verdict on the session: the caller treats it like an unreachable server.
      const body = await answerOf<unknown>(response, undefined)
      const token =
        typeof body === 'object' && body !== null && 'accessToken' in body && typeof body.accessToken === 'string'
          ? body.accessToken
          : null
      if (!token) return null
      session.tokenRefreshed(token)
      return token
    } finally {
      refreshing = null
    }
  })()
  return refreshing
}

/**
 * Every API call goes through here: JSON in and out, the stored token as a bearer header, and on a 401 one
 * refresh and one retry (docs/product.md#accounts). A refused refresh, or a 401 on the retry, ends the session.
 */
export async function apiFetch<T>(path: string, request: ApiRequest = {}): Promise<T> {
  return (await apiFetchWithHeaders<T>(path, request)).body
}

/** apiFetch, with the answer's headers too (e.g. the request list's cursors). */
export async function apiFetchWithHeaders<T>(
  path: string,
  request: ApiRequest = {},
): Promise<{ body: T; headers: Headers }> {
  const response = await authorizedResponse(path, request)
  return { body: await answerOf<T>(response, request.fallbackMessage), headers: response.headers }
}

/** A file from the API (the admin's CSV export) through the same token and refresh as apiFetch; errors alike. */
export async function apiDownload(path: string): Promise<Blob> {
  const response = await authorizedResponse(path, {})
  if (!response.ok) return answerOf<never>(response, undefined)
  return response.blob()
}

async function authorizedResponse(path: string, request: ApiRequest): Promise<Response> {
  const auth = request.auth ?? true
  const token = auth ? session.readToken() : null
  let response = await send(path, request, token)
  if (response.status === 401 && auth && token) {
    const fresh = await refreshAccessToken()
    if (fresh) response = await send(path, request, fresh)
    if (!fresh || response.status === 401) {
      session.sessionEnded()
      throw new SessionEndedError(messageOf(await readJson(response)) ?? 'Unauthorized')
    }
  }
  return response
}

/**
 * The generic PUT helper (docs/product.md#messages): a JSON body; a failure throws the server's message or "Request
 * update failed".
 */
export function apiPut<T>(path: string, body: unknown): Promise<T> {
  return apiFetch<T>(path, { method: 'PUT', body, fallbackMessage: 'Request update failed' })
}
