/**
 * Reading the access token's payload. Decode only: the server verifies every token it receives, so the client
 * uses the payload for display and timing decisions (isAdmin, expiry), never for security.
 */
export interface TokenPayload {
  user_id?: number
  user_name?: string
  isAdmin?: boolean
  /** Expiry, seconds since the epoch. */
  exp?: number
}

/** base64url (RFC 4648 section 5, no padding) to UTF-8 text, so names such as "Pöllö" decode correctly. */
function decodeBase64Url(part: string): string {
  const base64 = part
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(part.length / 4) * 4, '=')
  const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
}

/** The payload of a compact JWT, or null when the text is not one (wrong shape, bad base64, not a JSON object). */
export function decodeTokenPayload(token: string | null | undefined): TokenPayload | null {
  if (!token) return null
  const parts = token.split('.')
  if (parts.length !== 3 || !parts[1]) return null
  try {
    const payload: unknown = JSON.parse(decodeBase64Url(parts[1]))
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return null
    return payload
  } catch {
    return null
  }
}

/**
 * Seconds of margin: a token this close to its expiry is treated as expired, so a request does not leave with a
 * token that dies on the way (and clocks of phones drift).
 */
export const EXPIRY_MARGIN_SECONDS = 10

/** Whether the token is expired at `nowMs`. A token that cannot be read, or has no exp claim, counts as expired. */
export function isTokenExpired(token: string | null | undefined, nowMs: number): boolean {
  const exp = decodeTokenPayload(token)?.exp
  if (typeof exp !== 'number' || !Number.isFinite(exp)) return true
  return exp - EXPIRY_MARGIN_SECONDS <= nowMs / 1000
}

/** The isAdmin claim; anything but a literal true is false. */
export function isAdminToken(token: string | null | undefined): boolean {
  return decodeTokenPayload(token)?.isAdmin === true
}
