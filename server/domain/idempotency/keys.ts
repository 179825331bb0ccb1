import { createHash } from 'node:crypto'
import type { TransactionSql } from 'postgres'
import type { Queryable } from '../../db/queryable.ts'
import { badRequest, HttpError } from '../../errors.ts'
import { IDEMPOTENCY_ERRORS } from './errors.ts'

/** The request header that names a call, as in the IETF draft "The Idempotency-Key HTTP Header Field". */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key'
/** Sent with a replayed answer, so a client (and a person reading logs) can tell it from a first one. */
export const REPLAYED_HEADER = 'idempotent-replayed'
/** How long a key answers the same again; housekeeping deletes it after that. */
export const KEY_LIFETIME_HOURS = 24

const KEY_SHAPE = /^[A-Za-z0-9_-]{1,100}$/

/**
 * The key of a call, or null when it has none. The draft writes the header as a structured-field string
 * (`"abc"`); a bare token means the same. Anything else (another alphabet, a repeated header joined with commas,
 * an empty value) is a 400: a client that meant to be safe must hear that it is not.
 */
export function readIdempotencyKey(header: string | string[] | undefined): string | null {
  if (header === undefined) return null
  const value = Array.isArray(header) ? header.join(', ') : header
  const key = value.length >= 2 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value
  if (!KEY_SHAPE.test(key)) throw badRequest(IDEMPOTENCY_ERRORS.badKey)
  return key
}

/** One keyed call: whose, which key, and what it asked (method, path and body, hashed). */
export interface KeyedCall {
  userId: number
  key: string
  fingerprint: Buffer
  /**
   * The fingerprint as keys stored before bodies were compared as JSON were made (the body's text as parsed, key
   * order and all): a retry of such a call still matches it. Keys live KEY_LIFETIME_HOURS, so this can go once
   * that has passed since every instance compares canonically.
   */
  textFingerprint: Buffer
}

/**
 * JSON with every object's keys sorted, at every depth: one text for one value, however the client ordered or
 * spaced its keys. Arrays keep their order, which is part of what they say.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, inner: unknown) =>
    inner !== null && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  )
}

/**
 * What a call asks, hashed: method, path and the body read as JSON (canonicalJson), so the same body sent again
 * with its keys in another order, as another client library or a re-serialised outbox item may, is the same call
 * (docs/requests.md, "Sent once").
 */
export function fingerprintOf(method: string, url: string, body: unknown): Buffer {
  return createHash('sha256')
    .update(`${method} ${url}\n${canonicalJson(body)}`)
    .digest()
}

/** The fingerprint before canonicalJson (KeyedCall.textFingerprint). */
export function textFingerprintOf(method: string, url: string, body: unknown): Buffer {
  return createHash('sha256')
    .update(`${method} ${url}\n${JSON.stringify(body ?? null)}`)
    .digest()
}

/** The answer a key's first call was given. */
export interface StoredAnswer {
  status: number
  answer: unknown
}

/**
 * Claims the call's key in `tx`, as the transaction's first statement. Answers null when the key is now this
 * transaction's (new, or older than its lifetime and so free again): the caller does the work and `recordAnswer`s
 * it in the same transaction. Answers the stored answer when the key's first call committed; that call's
 * transaction is waited for (the primary key), so parallel calls with one key run the work once. The key with
 * another call (method, path or body as JSON) is a 422.
 */
export async function claimKey(tx: TransactionSql, call: KeyedCall): Promise<StoredAnswer | null> {
  for (;;) {
    const claimed = await tx`
      insert into idempotency_keys as k (user_id, key, fingerprint)
      values (${call.userId}, ${call.key}, ${call.fingerprint})
      on conflict (user_id, key) do update
        set fingerprint = excluded.fingerprint, status = null, answer = null, created_at = now()
        where k.created_at < now() - make_interval(hours => ${KEY_LIFETIME_HOURS})
      returning 1
    `
    if (claimed.length > 0) return null
    const [stored] = await tx<Array<StoredAnswer & { fingerprint: Buffer }>>`
      select fingerprint, status, answer from idempotency_keys where user_id = ${call.userId} and key = ${call.key}
    `
    // Deleted by housekeeping between the two statements: the key is free, claim it again.
    if (!stored) continue
    const sameCall = stored.fingerprint.equals(call.fingerprint) || stored.fingerprint.equals(call.textFingerprint)
    if (!sameCall) throw new HttpError(422, IDEMPOTENCY_ERRORS.otherCall)
    return { status: stored.status, answer: stored.answer }
  }
}

/** Writes the answer of a claimed key, in the transaction that claimed it and did the work. */
export async function recordAnswer(tx: TransactionSql, call: KeyedCall, stored: StoredAnswer): Promise<void> {
  await tx`
    update idempotency_keys set status = ${stored.status}, answer = ${tx.json(stored.answer as never)}
    where user_id = ${call.userId} and key = ${call.key}
  `
}

/** Housekeeping: keys past their lifetime answer nothing any more. */
export async function purgeIdempotencyKeys(sql: Queryable): Promise<number> {
  const deleted = await sql`
    delete from idempotency_keys where created_at < now() - make_interval(hours => ${KEY_LIFETIME_HOURS})
  `
  return deleted.count
}
