import type { WebSocket } from 'ws'
import type { Queryable } from '../db/queryable.ts'
import type { Place } from '../domain/requests/reach.ts'
import { listAudience, requestFor, requestForEvent } from '../domain/requests/requests.ts'
import { userWithLiveSessions } from '../domain/accounts/sessions.ts'
import { toPublicUser } from '../domain/accounts/users.ts'
import type { ServerEvent } from '../schemas/events.ts'
import type { BusMessage, RequestMessage } from './bus.ts'
import { deliverConversation } from './conversation-delivery.ts'
import { AwaitedReceipts } from './message-receipts.ts'
import { deliverThanks } from './thanks-delivery.ts'
import { leftReach } from './left-reach.ts'
import { hiddenBySuspension } from './recipients.ts'
import { deliverPosition } from './position-delivery.ts'
import { ProgressDelivery } from './progress-delivery.ts'
import { HEARTBEAT_TURNS, HeartbeatTurns } from './heartbeat-turns.ts'
import { ReachIndex } from './reach-index.ts'
import { REPLACED_CLOSE, SOCKETS_PER_USER } from './socket-limits.ts'
import { textFrame, writeTextFrame, type TextFrame } from './text-frame.ts'
import type { UserRow } from '../domain/accounts/rows.ts'
import type { EventRow } from '../domain/requests/rows.ts'

/** A client that lets this much unsent data pile up is not reading: it is dropped rather than buffered forever. */
export const MAX_BUFFERED_BYTES = 1024 * 1024

/** The close code of a socket whose token or session is not (or no longer) good: the client refreshes, then reconnects. */
export const UNAUTHORIZED_CLOSE = 4401

/**
 * How long a socket whose access token has expired may keep listening before it must have sent a fresh one.
 * The web client sends the new token on the open socket as soon as its API client refreshes; the grace covers a
 * refresh in flight and clocks a little apart between instances, so an active user is not cut off at every expiry.
 * An idle client is closed (4401), refreshes and reconnects.
 */
export const TOKEN_EXPIRY_GRACE_MS = 30_000

export interface EventHubOptions {
  tokenExpiryGraceMs?: number
  /** Beyond this many sockets of one user, the oldest is closed with REPLACED_CLOSE. */
  socketsPerUser?: number
}

/** A socket bound to the session, and the access token, it authenticated with. */
export interface Client {
  socket: WebSocket
  user: UserRow
  sessionId: string
  /** When its access token expires (ms since the epoch); a re-auth with a fresh token moves it. */
  tokenExpiresAt: number
  /** Answered the last ping. */
  alive: boolean
}

const frameOf = (event: ServerEvent): TextFrame => textFrame(JSON.stringify(event))

// Defined next to the request schema, where the web client reads it from without loading this file's Node modules.
export type { ServerEvent } from '../schemas/events.ts'

/**
 * What of a reloaded user the client shows: a role change or a block made or lifted (which change what the list
 * holds: docs/safety.md, "Blocks"), or the name,
 * radius, language, notification preferences or "I can help now" changed from another device. A location report,
 * the most frequent change, is not told.
 */
function userChangeWorthTelling(before: UserRow, after: UserRow): 'role' | 'blocks' | 'account' | null {
  if (before.is_admin !== after.is_admin) return 'role'
  if (before.blocked_either_way.join() !== after.blocked_either_way.join()) return 'blocks'
  const shown = (user: UserRow) =>
    [
      user.user_name,
      user.radius,
      user.language,
      user.quiet_start,
      user.quiet_end,
      user.hourly_alert_cap,
      user.available_to_help,
      user.available_until?.toISOString(),
    ].join('\u0000')
  return shown(before) === shown(after) ? null : 'account'
}

/** This instance's connected clients, and the rule that decides which of them hears of which change. */
export class EventHub {
  /** Connected clients, filed by user, role and reach; changed only through add, update and remove. */
  private readonly index = new ReachIndex<Client>()
  private readonly turns = new HeartbeatTurns<Client>(HEARTBEAT_TURNS)
  /**
   * Counts `user` messages heard. A socket authenticating reads it before its session check and again once it is
   * in `clients`: if it moved, a session may have ended in between, unseen by that reload, so it is checked again.
   */
  userChanges = 0
  /** The newest reload still running per user, numbered by `reloads` (see reloadUser). */
  private readonly latestReload = new Map<number, number>()
  private reloads = 0
  /**
   * Called with how many sockets an event was written to: the metrics plugin counts them (events_delivered_total).
   * Once per event, not per socket: a labelled counter's increment costs more than the write itself at 10k sockets.
   */
  onSent: (type: ServerEvent['type'], count: number) => void = () => {}

  private readonly tokenExpiryGraceMs: number
  private readonly socketsPerUser: number
  /** When each client joined its user's sockets, in joining order: the smallest is the oldest, closed first. */
  private readonly joined = new WeakMap<Client, number>()
  private joins = 0
  /** The waiting owners' progress, told to the owner alone (coalesced per request). */
  readonly progress: ProgressDelivery
  /** The conversation messages each socket was sent and its app has not yet confirmed (server/events/message-receipts.ts). */
  readonly receipts = new AwaitedReceipts<Client>()

  constructor(
    private readonly sql: Queryable,
    private readonly log: { warn(obj: object, msg: string): void },
    { tokenExpiryGraceMs = TOKEN_EXPIRY_GRACE_MS, socketsPerUser = SOCKETS_PER_USER }: EventHubOptions = {},
  ) {
    this.tokenExpiryGraceMs = tokenExpiryGraceMs
    this.socketsPerUser = socketsPerUser
    this.progress = new ProgressDelivery(this, sql, log)
  }

  get clients(): ReadonlySet<Client> {
    return this.index.all
  }

  /** A newly authenticated socket; if its user now has more than the limit, the oldest of them is closed. */
  add(client: Client): void {
    this.index.add(client)
    this.turns.add(client)
    this.joinUser(client)
  }

  remove(client: Client): void {
    this.index.remove(client)
    this.turns.remove(client)
  }

  /** A re-authentication or a reloaded user: the client is filed again by its new user. */
  update(client: Client, changes: Partial<Pick<Client, 'user' | 'sessionId' | 'tokenExpiresAt'>>): void {
    const userBefore = client.user.user_id
    Object.assign(client, changes)
    if (!changes.user) return
    this.index.moved(client)
    // A socket that now answers to another user is that user's newest.
    if (changes.user.user_id !== userBefore) this.joinUser(client)
  }

  /**
   * Keeps a user's sockets on this instance within the limit by closing the oldest: memory and fan-out grow with
   * sockets, and a user with more tabs open than the limit looks at few of them (docs/security.md).
   */
  private joinUser(client: Client): void {
    this.joined.set(client, ++this.joins)
    for (
      let sockets = this.index.ofUser(client.user.user_id);
      sockets.size > this.socketsPerUser;
      sockets = this.index.ofUser(client.user.user_id)
    ) {
      let oldest: Client | undefined
      for (const other of sockets) {
        if (!oldest || (this.joined.get(other) ?? 0) < (this.joined.get(oldest) ?? 0)) oldest = other
      }
      this.end(oldest!, 'Replaced by a newer connection', REPLACED_CLOSE)
    }
  }

  /** Closes a client that may no longer listen; it leaves the set at once, not when the close handshake ends. */
  end(client: Client, reason: string, code = UNAUTHORIZED_CLOSE): void {
    this.remove(client)
    client.socket.close(code, reason)
  }

  send(client: Client, event: ServerEvent): void {
    if (this.write(client, frameOf(event))) this.onSent(event.type, 1)
  }

  /** Writes a frame built once for many sockets. Answers whether it was written; the caller counts. */
  private write(client: Client, frame: TextFrame): boolean {
    if (client.socket.readyState !== client.socket.OPEN) return false
    if (client.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.log.warn({ userId: client.user.user_id }, 'dropping an event client that does not read')
      client.socket.terminate()
      this.remove(client)
      return false
    }
    writeTextFrame(client.socket, frame)
    return true
  }

  /** Writes one frame to each of these clients and counts the writes once. */
  private writeAll(clients: Iterable<Client>, type: ServerEvent['type'], frame: TextFrame): void {
    let sent = 0
    for (const client of clients) if (this.write(client, frame)) sent++
    if (sent > 0) this.onSent(type, sent)
  }

  /** Whether this user has a socket on this instance. */
  hasSockets(userId: number): boolean {
    return this.index.ofUser(userId).size > 0
  }

  /**
   * Sends one event to every socket of these users (a private event: a conversation's two participants); `written`
   * is called with each socket written to.
   */
  sendToUsers(userIds: readonly number[], event: ServerEvent, written?: (client: Client) => void): void {
    let frame: TextFrame | undefined
    let sent = 0
    for (const userId of new Set(userIds)) {
      for (const client of [...this.index.ofUser(userId)]) {
        if (client.socket.readyState !== client.socket.OPEN) continue
        frame ??= frameOf(event)
        if (!this.write(client, frame)) continue
        written?.(client)
        sent++
      }
    }
    if (sent > 0) this.onSent(event.type, sent)
  }

  /** Sends one event to every admin's sockets (the moderation queue: only admins may read it). */
  private sendToAdmins(event: ServerEvent): void {
    const admins: Client[] = []
    this.index.forEachAdmin((client) => void (client.user.is_admin && admins.push(client)))
    if (admins.length > 0) this.writeAll(admins, event.type, frameOf(event))
  }

  private broadcast(event: ServerEvent): void {
    if (this.clients.size === 0) return
    this.writeAll(this.clients, event.type, frameOf(event))
  }

  /** A message from the bus: another instance's change (or the admin script's), read here once for every client. */
  async deliver(message: BusMessage): Promise<void> {
    if (message.type === 'user') {
      this.userChanges += 1
      return this.reloadUser(message.userId)
    }
    // Public data: every authenticated socket may hear of it, with nothing to look up per client.
    if (message.type === 'services') return this.broadcast({ type: 'services.changed' })
    // Two people only: their sockets are found by user id.
    if (message.type === 'conversation') return deliverConversation(this, this.sql, message)
    if (message.type === 'thanks') return deliverThanks(this, this.sql, message)
    if (message.type === 'position') return deliverPosition(this, this.sql, message)
    if (message.type === 'progress') return this.progress.tell(message.requestId, message.ownerId)
    // No content: the user's app fetches GET /api/user/notices, where the server decides what it may read.
    if (message.type === 'notices') return void this.sendToUsers([message.userId], { type: 'notices.changed' })
    // Admins only, with no content: the dashboard fetches GET /api/admin/reports, which only admins may read.
    if (message.type === 'reports') return this.sendToAdmins({ type: 'reports.changed' })
    if (this.clients.size === 0) return
    this.deliverRow(message, await requestForEvent(this.sql, message.requestId))
  }

  /**
   * Tells a request change to the clients it concerns, in one tick (tests rely on one change reaching every socket
   * before the next). Each audience's answer is shaped by requestFor and serialised once, then written to all of it.
   */
  deliverRow(message: RequestMessage, row: EventRow | undefined): void {
    // Gone with its owner's account: its id says nothing to anyone.
    if (!row) return this.broadcast({ type: 'request.deleted', request_id: message.requestId })
    const recipients: Client[] = []
    // The former helper a block removed hears only that it is gone. They are found by user id, not by the recipient
    // rule: their instance may already have reloaded the block (a separate bus message), which excludes them.
    const { hiddenFrom } = message
    const hidden: Client[] = hiddenFrom === undefined ? [] : [...this.index.ofUser(hiddenFrom)]
    const collect = (client: Client) => void (client.user.user_id !== hiddenFrom && recipients.push(client))
    // A view counted is also the owner's progress ("opened it"), told with the other progress news.
    if (message.viewsOnly && !row.deleted) this.progress.tell(row.request_id, row.owner_id)
    if (message.viewsOnly) this.index.forEachViewCounter(row, collect)
    else if (hiddenBySuspension(row)) {
      // Its owner is suspended: admins hear of it as ever, and every other socket is told to drop it, wherever it
      // is: a helper who took it over from afar, or anyone with show-all on, may hold a copy beyond the reach rule.
      // An id a client never held is dropped as nothing; a test request's id is never named to a non-admin.
      for (const client of this.clients)
        if (client.user.user_id === hiddenFrom) continue
        else if (client.user.is_admin) recipients.push(client)
        else if (!row.is_test) hidden.push(client)
    } else this.index.forEachRecipient(row, message.previousHelperId, collect)
    if (hidden.length > 0)
      this.writeAll(hidden, 'request.hidden', frameOf({ type: 'request.hidden', request_id: row.request_id }))
    if (row.deleted) {
      return this.writeAll(
        recipients,
        'request.deleted',
        frameOf({ type: 'request.deleted', request_id: row.request_id }),
      )
    }
    const frames = new Map<number, TextFrame>()
    let sent = 0
    for (const client of recipients) {
      const audience = listAudience(row, client.user)
      let frame = frames.get(audience)
      if (!frame) {
        frame = frameOf({
          type: 'request.upserted',
          request: requestFor(row, client.user, 'list'),
          ...(message.removedBy ? { removedBy: message.removedBy } : {}),
        })
        frames.set(audience, frame)
      }
      if (this.write(client, frame)) sent++
    }
    if (sent > 0) this.onSent('request.upserted', sent)
    if (message.previousPlace) this.hideWhereItLeft(row, message.previousPlace, new Set(recipients))
  }

  /**
   * A request that moved: whoever it reached at its old place and no longer reaches gets `request.hidden`, so no
   * copy they may not see stays on their screen. The candidates are the clients near the old place (everyone, when
   * it had no location: it reached them all), and leftReach decides.
   */
  private hideWhereItLeft(row: EventRow, previousPlace: Place, told: ReadonlySet<Client>): void {
    const left: Client[] = []
    const check = (client: Client) => {
      if (!told.has(client) && leftReach(row, client.user, previousPlace)) left.push(client)
    }
    const { latitude, longitude } = previousPlace
    if (latitude === null || longitude === null) this.clients.forEach(check)
    else this.index.forEachNear({ latitude, longitude }, check)
    if (left.length > 0)
      this.writeAll(left, 'request.hidden', frameOf({ type: 'request.hidden', request_id: row.request_id }))
  }

  /**
   * A user's account, role or sessions changed (on any instance): sockets of sessions that ended, or of a deleted
   * account, are closed; the others filter with the new radius, location and admin flag from now on.
   */
  async reloadUser(userId: number): Promise<void> {
    const mine = (): Client[] => [...this.index.ofUser(userId)]
    if (mine().length === 0) return
    const reload = ++this.reloads
    this.latestReload.set(userId, reload)
    const current = await userWithLiveSessions(this.sql, userId)
    // Two changes in quick succession (a grant, then a revoke) reload concurrently, and their answers may come back
    // out of order: only the reload that started last, which read the newest data, is applied.
    if (this.latestReload.get(userId) !== reload) return
    this.latestReload.delete(userId)
    // Read again after the query: sockets may have closed, joined or re-authenticated meanwhile.
    for (const client of mine()) {
      if (!current) this.end(client, 'Account deleted')
      else if (!current.liveSessionIds.includes(client.sessionId)) this.end(client, 'Session ended')
      else {
        const changed = userChangeWorthTelling(client.user, current.user)
        this.update(client, { user: current.user })
        // A role granted or revoked changes what the app shows (admin mode, test requests): told at once, not at
        // the next token refresh; the list is fetched again, as test requests appear or go.
        if (changed === 'role' || changed === 'account')
          this.send(client, { type: 'user.updated', user: toPublicUser(current.user) })
        // The list's sync cursor holds the block set it was made with, so the refetch's delta drops or brings back
        // the requests the block concerns (server/domain/requests/list.ts).
        if (changed === 'role' || changed === 'blocks') this.send(client, { type: 'refetch' })
      }
    }
  }

  refetchAll(): void {
    this.broadcast({ type: 'refetch' })
  }

  /**
   * Pings the clients of the next turn (HEARTBEAT_TURNS heartbeats make one interval per client); whoever did not
   * answer their previous ping is gone. It also closes sockets whose token expired more than the grace ago: this
   * loop visits every client anyway, so the check costs one comparison each, with no timer per socket to create,
   * clear on every re-auth and forget on close (10k+ sockets). The price is precision: such a socket closes at the
   * first visit after its grace, at most one interval later.
   */
  heartbeat(now = Date.now()): void {
    for (const client of this.turns.nextTurn()) {
      if (!client.alive) {
        client.socket.terminate()
        this.remove(client)
        continue
      }
      if (now >= client.tokenExpiresAt + this.tokenExpiryGraceMs) {
        this.end(client, 'Token expired')
        continue
      }
      client.alive = false
      client.socket.ping()
    }
  }
}
