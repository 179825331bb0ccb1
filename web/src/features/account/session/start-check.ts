import { ApiError } from '#shared/api/errors.ts'
import type { User } from '#shared/api/types.ts'
import { isTokenExpired } from '#shared/api/jwt.ts'

export interface StartCheckDeps {
  /** The stored access token. */
  token: string | null
  nowMs: number
  /** POST /api/user/refresh-token: the new token, null when refused, throws ApiError(0) when unreachable. */
  refresh: () => Promise<string | null>
  /** GET /api/user/protected-route through the API client (which itself refreshes once on a 401). */
  fetchUser: () => Promise<User>
}

export type StartOutcome =
  | { status: 'loggedOut' }
  /** `user` is null when the server could not be asked: the stored user stands until it can. */
  | { status: 'loggedIn'; user: User | null }

const isUnreachable = (error: unknown) => error instanceof ApiError && (error.status === 0 || error.status >= 500)

/**
 * Login status at app start (docs/product.md#accounts): no token, logged out; an expired token, a refresh decides;
 * otherwise the protected-route check decides (its 401 triggers one refresh in the client).
 *
 * Decided here where the contract is silent: a server that cannot be reached (offline at the roadside, a 5xx) does not
 * log anyone out. Only the server's explicit refusal does; until then the stored session stands, and the first
 * call that reaches the server settles it.
 */
export async function checkSessionAtStart({ token, nowMs, refresh, fetchUser }: StartCheckDeps): Promise<StartOutcome> {
  if (!token) return { status: 'loggedOut' }
  if (isTokenExpired(token, nowMs)) {
    try {
      if (!(await refresh())) return { status: 'loggedOut' }
    } catch (error) {
      if (isUnreachable(error)) return { status: 'loggedIn', user: null }
      throw error
    }
  }
  try {
    return { status: 'loggedIn', user: await fetchUser() }
  } catch (error) {
    if (isUnreachable(error)) return { status: 'loggedIn', user: null }
    if (error instanceof ApiError && error.status === 401) return { status: 'loggedOut' }
    throw error
  }
}
