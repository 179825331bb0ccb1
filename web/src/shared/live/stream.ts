import { reconnectDelay } from './backoff.ts'
import { parseServerEvent, type ServerEvent } from './server-events.ts'

/** The server closes with this when the token is missing, invalid or expired, or the account is gone. */
export const UNAUTHORIZED_CLOSE = 4401
/**
 * The server closes a user's oldest socket with this when a newer one would exceed their limit (docs/live-and-push.md). Not reconnected by itself: with more tabs than the limit, tabs would close each other in turn
 * forever. The stream pauses until `resume` (the page is looked at again, or the user asks).
 */
export const REPLACED_CLOSE = 4409
/** Our own close on logout. */
const NORMAL_CLOSE = 1000

/** The part of the browser's WebSocket the stream uses, so tests can hand in a fake. */
export interface SocketLike {
  readonly readyState: number
  send(data: string): void
  close(code?: number, reason?: string): void
  onopen: ((event: unknown) => void) | null
  onmessage: ((event: { data: unknown }) => void) | null
  onclose: ((event: { code: number }) => void) | null
}

const OPEN = 1

export interface EventStreamOptions {
  url: string
  createSocket: (url: string) => SocketLike
  /** The current access token. */
  readToken: () => string | null
  /** The API client's refresh: a new token, null when the server refused (the session is over), throws when offline. */
  refreshToken: () => Promise<string | null>
  /** Authenticated: (re)load the list, events may have been missed while disconnected. */
  onReady: () => void
  onEvent: (event: Exclude<ServerEvent, { type: 'ready' }>) => void
  /** A refused refresh after a 4401. */
  onSessionOver: () => void
  /** Paused after a 4409 (true), or resumed (false). */
  onPausedChange?: (paused: boolean) => void
  random?: () => number
  setTimer?: (run: () => void, ms: number) => unknown
  clearTimer?: (timer: unknown) => void
}

/**
 * The live event stream of a logged-in user: one WebSocket, authenticated by its first message; after any close
 * but our own it reconnects with backoff (a 4429, too many messages or connections, included), after a 4401 it first
 * refreshes the token, and after a 4409 it pauses until resumed. Nothing else waits on it.
 */
export class EventStream {
  private socket: SocketLike | null = null
  private timer: unknown = null
  private running = false
  /** Failed connections since the last one that reached `ready`. */
  private attempt = 0
  private authenticated = false
  /** Closed with 4409 and waiting for `resume`. */
  private paused = false

  constructor(private readonly options: EventStreamOptions) {}

  start(): void {
    if (this.running) return
    this.running = true
    this.attempt = 0
    this.connect()
  }

  /** Logout: close without reconnecting. */
  stop(): void {
    this.running = false
    this.setPaused(false)
    this.cancelTimer()
    const socket = this.socket
    this.socket = null
    this.authenticated = false
    if (socket) {
      socket.onopen = socket.onmessage = socket.onclose = null
      socket.close(NORMAL_CLOSE, 'Logged out')
    }
  }

  /** The API client refreshed the token: the open socket is told, without reconnecting. */
  tokenChanged(token: string): void {
    if (this.socket?.readyState === OPEN && this.authenticated) this.sendAuth(token)
  }

  /**
   * Tells the server the app showed this `message.created` (docs/requests.md, "Live and push"). On a socket that
   * closed meanwhile nothing is sent: the message's push then goes as due.
   */
  confirmReceived(messageId: string): void {
    if (this.socket?.readyState === OPEN && this.authenticated)
      this.socket.send(JSON.stringify({ type: 'received', message_id: messageId }))
  }

  get connected(): boolean {
    return this.authenticated
  }

  get isPaused(): boolean {
    return this.paused
  }

  /**
   * After a 4409: connect again now (the page came into view, or the user asked). This connection in turn closes
   * the user's oldest elsewhere, which pauses there: only a person's attention moves the live updates around.
   */
  resume(): void {
    if (!this.running || !this.paused) return
    this.setPaused(false)
    this.attempt = 0
    this.connect()
  }

  private setPaused(paused: boolean): void {
    if (this.paused === paused) return
    this.paused = paused
    this.options.onPausedChange?.(paused)
  }

  private connect(): void {
    this.cancelTimer()
    const socket = this.options.createSocket(this.options.url)
    this.socket = socket
    this.authenticated = false
    socket.onopen = () => {
      const token = this.options.readToken()
      if (token) this.sendAuth(token)
      // Without a token the server closes with 4401 after its timeout, which leads to a refresh.
      else socket.close(UNAUTHORIZED_CLOSE, 'No token')
    }
    socket.onmessage = ({ data }) => {
      if (typeof data !== 'string') return
      const event = parseServerEvent(data)
      if (!event) return
      if (event.type === 'ready') {
        this.authenticated = true
        this.attempt = 0
        this.options.onReady()
      } else {
        this.options.onEvent(event)
      }
    }
    socket.onclose = ({ code }) => {
      if (this.socket !== socket) return
      this.socket = null
      this.authenticated = false
      if (!this.running) return
      if (code === UNAUTHORIZED_CLOSE) void this.refreshThenReconnect()
      else if (code === REPLACED_CLOSE) this.setPaused(true)
      else this.scheduleReconnect()
    }
  }

  private async refreshThenReconnect(): Promise<void> {
    let token: string | null
    try {
      token = await this.options.refreshToken()
    } catch (error) {
      // Offline or the server is down: try again later, the next 4401 refreshes again.
      console.warn('Refreshing the token for the event stream failed', error)
      if (this.running) this.scheduleReconnect()
      return
    }
    if (!this.running) return
    if (token === null) {
      this.running = false
      this.options.onSessionOver()
      return
    }
    this.scheduleReconnect()
  }

  private scheduleReconnect(): void {
    const delay = reconnectDelay(this.attempt++, this.options.random)
    const setTimer = this.options.setTimer ?? ((run, ms) => setTimeout(run, ms))
    this.cancelTimer()
    this.timer = setTimer(() => {
      this.timer = null
      if (this.running) this.connect()
    }, delay)
  }

  private cancelTimer(): void {
    if (this.timer === null) return
    const clearTimer = this.options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>))
    clearTimer(this.timer)
    this.timer = null
  }

  private sendAuth(token: string): void {
    this.socket?.send(JSON.stringify({ type: 'auth', token }))
  }
}
