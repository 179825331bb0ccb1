import type { UserRow } from './rows.ts'

/*
 * The session cache (docs/adr/0010-session-cache.md): each instance keeps, for the sessions it checked lately, the
 * session's user row as the check read it, so that the next call of the same session costs no round trip. It is
 * answered from only while the bus is current (EventBus.isCurrent), and every `user` message drops the user's
 * copies before anything else hears of it; a change to a user answers only once no instance can still trust a copy.
 */

/**
 * How long a copy is used at most. The bus drops copies when a user changes, so this is not what makes a logout
 * act: it bounds what a change told to no instance (a NOTIFY lost after its commit, a row edited by hand) can leave
 * behind, and lets the copies of sessions that went quiet go. Half a minute of a busy session is hundreds of calls.
 */
export const SESSION_CACHE_TTL_MS = 30_000

/** At most this many copies (about a kilobyte each): the oldest go first. Many more than live sessions at once. */
export const SESSION_CACHE_MAX_ENTRIES = 10_000

/** A live session as its check read it: its user, and how long until the session itself expires. */
export interface LiveSession {
  user: UserRow
  expiresInMs: number
}

interface Entry {
  userId: number
  user: UserRow
  /** When this copy stops being used (this process's monotonic clock). */
  until: number
}

export interface SessionCacheOptions {
  ttlMs?: number
  maxEntries?: number
  now?: () => number
}

export class SessionCache {
  /** By session id, lower case; in insertion order, so the first is the oldest. */
  private readonly entries = new Map<string, Entry>()
  private readonly sessionsOf = new Map<number, Set<string>>()
  /**
   * Counts drops: a check that read the database while a drop happened may have read the row from before the
   * change, so its copy is not kept (the classic race of a cache filled by a read that a change overtakes).
   */
  private drops = 0
  private trusted: () => boolean = () => false
  private readonly ttlMs: number
  private readonly maxEntries: number
  private readonly now: () => number

  constructor({
    ttlMs = SESSION_CACHE_TTL_MS,
    maxEntries = SESSION_CACHE_MAX_ENTRIES,
    now = () => performance.now(),
  }: SessionCacheOptions = {}) {
    this.ttlMs = ttlMs
    this.maxEntries = maxEntries
    this.now = now
  }

  /** Copies are answered from only while this holds (the bus is current); until set, never. */
  trustWhile(trusted: () => boolean): void {
    this.trusted = trusted
  }

  /** The user of a live session from the copy, if there is one and it may be used now; else undefined. */
  get(sessionId: string, userId: number): UserRow | undefined {
    // Asked first and every time: asking keeps the bus's heartbeats going, so the next call may be answered here.
    const trusted = this.trusted()
    const entry = this.entries.get(sessionId)
    if (!entry || entry.userId !== userId) return undefined
    if (entry.until <= this.now()) {
      this.remove(sessionId)
      return undefined
    }
    return trusted ? entry.user : undefined
  }

  /** Checks the session with `read` (the database) and keeps a copy of a live one, unless a drop overtook the read. */
  async load(
    sessionId: string,
    userId: number,
    read: () => Promise<LiveSession | undefined>,
  ): Promise<UserRow | undefined> {
    const dropsBefore = this.drops
    const session = await read()
    if (session && this.drops === dropsBefore) this.keep(sessionId, userId, session)
    return session?.user
  }

  /** The user changed (a session ended, a role, a block, a setting): their copies go. */
  dropUser(userId: number): void {
    this.drops += 1
    for (const sessionId of this.sessionsOf.get(userId) ?? []) this.entries.delete(sessionId)
    this.sessionsOf.delete(userId)
  }

  /** Messages may have been missed: every copy goes. */
  clear(): void {
    this.drops += 1
    this.entries.clear()
    this.sessionsOf.clear()
  }

  /** Whether copies may be answered from now (asking keeps the bus's heartbeats going, as a lookup does). */
  isTrusted(): boolean {
    return this.trusted()
  }

  has(sessionId: string): boolean {
    return this.entries.has(sessionId)
  }

  get size(): number {
    return this.entries.size
  }

  private keep(sessionId: string, userId: number, { user, expiresInMs }: LiveSession): void {
    this.remove(sessionId)
    while (this.entries.size >= this.maxEntries) this.remove(this.entries.keys().next().value!)
    // Never past the session's own end, nor shared: a handler that changed its row would change everyone's.
    const frozen = Object.freeze({ ...user, blocked_either_way: Object.freeze([...user.blocked_either_way]) })
    this.entries.set(sessionId, { userId, user: frozen, until: this.now() + Math.min(this.ttlMs, expiresInMs) })
    const sessions = this.sessionsOf.get(userId) ?? new Set<string>()
    sessions.add(sessionId)
    this.sessionsOf.set(userId, sessions)
  }

  private remove(sessionId: string): void {
    const entry = this.entries.get(sessionId)
    if (!entry) return
    this.entries.delete(sessionId)
    const sessions = this.sessionsOf.get(entry.userId)
    sessions?.delete(sessionId)
    if (sessions?.size === 0) this.sessionsOf.delete(entry.userId)
  }
}
