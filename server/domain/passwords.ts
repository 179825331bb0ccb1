import { hash, verify } from '@node-rs/argon2'
import { PASSWORD_MAX } from './user-rules.ts'

/** OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. Runs on libuv's thread pool, never on the event loop. */
const ARGON2ID = { algorithm: 2 /* Algorithm.Argon2id: a const enum, which verbatimModuleSyntax cannot import */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2ID)
}

/** A real hash to compare against when the account does not exist, so both answers take as long. */
let dummyHash: Promise<string> | undefined

/** Constant-ish time whether or not the account exists; refuses oversized input before hashing. */
export async function passwordMatches(password: string, storedHash: string | undefined): Promise<boolean> {
  if (password.length > PASSWORD_MAX) return false
  if (storedHash === undefined) {
    dummyHash ??= hashPassword('not-a-real-password')
    await verify(await dummyHash, password)
    return false
  }
  return verify(storedHash, password)
}
