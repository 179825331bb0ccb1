import { createHash, createHmac, randomBytes } from 'node:crypto'

/**
 * A share link's token (docs/security.md, "Tokens and cursors"): 256 bits, the HMAC-SHA256 of a random 32-byte
 * nonce under a key derived from the signing secret (`app.deriveKey(SHARE_LINK_KEY_PURPOSE)`). The database keeps
 * the nonce, so the owner can be answered the same link again, and the token's SHA-256 to look a visitor's token up;
 * never the token. The secret lives outside the database, so a copy of it holds no working link.
 */
export const SHARE_LINK_KEY_PURPOSE = 'share-link'

const NONCE_BYTES = 32
/** base64url of the 32 bytes of an HMAC-SHA256, without padding. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/

export const newNonce = (): Buffer => randomBytes(NONCE_BYTES)

export const tokenOf = (key: string, nonce: Uint8Array): string =>
  createHmac('sha256', key).update(nonce).digest('base64url')

export const hashOf = (token: string): Buffer => createHash('sha256').update(token).digest()

/** Whether the text could be a token at all; anything else is no link (404), without a look in the database. */
export const looksLikeToken = (text: string): boolean => TOKEN_PATTERN.test(text)
