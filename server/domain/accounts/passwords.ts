import { channel } from 'node:diagnostics_channel'
import { hash, verify } from '@node-rs/argon2'
import { PASSWORD_MAX } from './rules.ts'

/** OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. Runs on libuv's thread pool, never on the event loop. */
const ARGON2ID = {
  algorithm: 2 /* Algorithm.Argon2id: a const enum, which verbatimModuleSyntax cannot import */,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const

/**
 * Published once per argon2id computation (hash or verify): each costs ~15 ms of a thread-pool thread and 19 MiB,
 * so who can make the server compute one is worth watching (tests count them; metrics may too).
 */
export const passwordWork = channel('pyoraapu:password-work')

export function hashPassword(password: string): Promise<string> {
  passwordWork.publish({ kind: 'hash' })
  return hash(password, ARGON2ID)
}

/** A real hash to compare against when the account does not exist, so both answers take as long. */
let dummyHash: Promise<string> | undefined

/** Constant-ish time whether or not the account exists; refuses oversized input before hashing. */
export async function passwordMatches(password: string, storedHash: string | undefined): Promise<boolean> {
  if (password.length > PASSWORD_MAX) return false
  if (storedHash === undefined) {
    dummyHash ??= hashPassword('not-a-real-password')
    passwordWork.publish({ kind: 'verify' })
    await verify(await dummyHash, password)
    return false
  }
  passwordWork.publish({ kind: 'verify' })
  return verify(storedHash, password)
}
