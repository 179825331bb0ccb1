/**
 * Many event-stream clients in one process, and the ledger of what each received: every change carries a number
 * in its description ("bench <seq> …"), found in the raw frame without parsing the JSON (10k sockets receive tens
 * of thousands of frames a second: the generator must stay cheap). A take-over changes no description: its frames
 * are known by the new helper's name (users are named bench<n>), which they carry as the responder's.
 */
import WebSocket from 'ws'

const MARKER = Buffer.from('"description":"bench ')
const RESPONDER_MARKER = Buffer.from('"responder_user_name":"bench')
const SPACE = 0x20
const QUOTE = 0x22

export interface Delivered {
  /** Receipt time − send time, ms, one per delivered frame. */
  latencies: number[]
  /** Intended recipients that never got it (within the drain time). */
  missed: number
  /** Frames to sockets that were not intended recipients, or a second copy to one that was. */
  unexpected: number
  /** Frames of changes from an earlier window (already counted missed there). */
  stray: number
  /** Frames received, intended or not. */
  frames: number
  /** Mean size of a change's frame, bytes. */
  frameBytes: number
  /** Intended recipients per change, mean. */
  recipientsPerChange: number
}

interface Change {
  sentAt: number
  /** 1 where a socket must hear of it, by socket index. */
  intended: Uint8Array
  got: Uint8Array
}

/** What the sockets of one fleet heard, window by window. */
export class Ledger {
  private changes = new Map<number, Change>()
  /** Take-overs under way: the seq of each, by the number in its new helper's name. */
  private takenBy = new Map<number, number>()
  private latencies: number[] = []
  private unexpected = 0
  private stray = 0
  private frames = 0
  private frameBytes = 0
  private expected = 0
  private arrived = 0

  /** A change about to be sent: who must hear of it. */
  expect(seq: number, intended: Uint8Array, intendedCount: number): void {
    this.changes.set(seq, { sentAt: performance.now(), intended, got: new Uint8Array(intended.length) })
    this.expected += intendedCount
  }

  /** Moves the send time to the moment just before the call (expect runs a little earlier). */
  sent(seq: number, at: number): void {
    const change = this.changes.get(seq)
    if (change) change.sentAt = at
  }

  /** A take-over about to be sent (after `expect`): its frames name the helper bench<helperNumber>. */
  takenOverBy(seq: number, helperNumber: number): void {
    this.takenBy.set(helperNumber, seq)
  }

  /** The change a frame tells of: by its description, else (a take-over) by its responder; undefined: neither. */
  private seqOf(raw: Buffer): number | undefined {
    const start = raw.indexOf(MARKER)
    if (start >= 0) return numberAt(raw, start + MARKER.length, SPACE)
    if (this.takenBy.size === 0) return undefined
    const responder = raw.indexOf(RESPONDER_MARKER)
    return responder < 0 ? undefined : this.takenBy.get(numberAt(raw, responder + RESPONDER_MARKER.length, QUOTE))
  }

  received(socketIndex: number, raw: Buffer, at: number): void {
    const seq = this.seqOf(raw)
    if (seq === undefined) return
    const change = this.changes.get(seq)
    this.frames++
    this.frameBytes += raw.length
    if (!change) return void this.stray++
    this.latencies.push(at - change.sentAt)
    if (change.intended[socketIndex] !== 1 || change.got[socketIndex] !== 0) return void this.unexpected++
    change.got[socketIndex] = 1
    this.arrived++
  }

  /** Every intended recipient has it. */
  get complete(): boolean {
    return this.arrived >= this.expected
  }

  /** Closes the window: its figures, and a clean ledger for the next. */
  settle(): Delivered {
    const changes = this.changes.size
    const result: Delivered = {
      latencies: this.latencies,
      missed: this.expected - this.arrived,
      unexpected: this.unexpected,
      stray: this.stray,
      frames: this.frames,
      frameBytes: this.frames ? this.frameBytes / this.frames : 0,
      recipientsPerChange: changes ? this.expected / changes : 0,
    }
    this.changes = new Map()
    this.takenBy = new Map()
    this.latencies = []
    this.unexpected = this.stray = this.frames = this.frameBytes = this.expected = this.arrived = 0
    return result
  }
}

/** The decimal number in `raw` from `start` up to `end` (a byte). */
function numberAt(raw: Buffer, start: number, end: number): number {
  let value = 0
  for (let i = start; i < raw.length && raw[i] !== end; i++) value = value * 10 + raw[i]! - 48
  return value
}

export interface Fleet {
  ledger: Ledger
  /** Sockets that closed during the run (a server drops a client that does not read fast enough). */
  closedEarly(): number
  close(): Promise<void>
}

/**
 * Opens one socket per token (token i → socket index i) to the event stream of `urlOf(i)`, authenticates each,
 * `concurrency` at a time, and resolves once every one has its `ready`.
 */
export async function openFleet(tokens: string[], urlOf: (index: number) => string, concurrency = 200): Promise<Fleet> {
  const ledger = new Ledger()
  const sockets: WebSocket[] = new Array<WebSocket>(tokens.length)
  let closing = false
  let closedEarly = 0
  const open = (index: number) =>
    new Promise<void>((resolve, reject) => {
      const socket = new WebSocket(urlOf(index).replace(/^http/, 'ws') + '/api/events', { perMessageDeflate: false })
      sockets[index] = socket
      let ready = false
      socket.once('open', () => socket.send(JSON.stringify({ type: 'auth', token: tokens[index] })))
      socket.on('message', (raw: Buffer) => {
        if (ready) return ledger.received(index, raw, performance.now())
        if (raw.toString().includes('"ready"')) {
          ready = true
          resolve()
        }
      })
      socket.on('error', reject)
      socket.once('close', () => {
        if (!ready) reject(new Error(`socket ${index} closed before ready`))
        else if (!closing) closedEarly++
      })
    })
  let next = 0
  const worker = async () => {
    while (next < tokens.length) await open(next++)
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, tokens.length) }, worker))
  return {
    ledger,
    closedEarly: () => closedEarly,
    async close() {
      closing = true
      await Promise.all(
        sockets.map(
          (socket) =>
            new Promise<void>((resolve) => {
              if (socket.readyState === WebSocket.CLOSED) return resolve()
              socket.once('close', () => resolve())
              socket.terminate()
            }),
        ),
      )
    },
  }
}

/**
 * The fleets of several servers on the same tokens: all open at once when the open-file limit allows, else one at a
 * time, the other closed and reopened when its turn comes (10k sockets to the server and 10k to the baseline do
 * not fit under a hard limit of 20,000 descriptors, which a container may not let even root raise).
 */
export class Fleets {
  private readonly open = new Map<string, Fleet>()
  /** Sockets the servers dropped, over every fleet that was closed and the ones open now. */
  private dropped = 0
  reopened = 0

  constructor(
    private readonly tokens: string[],
    private readonly allAtOnce: boolean,
  ) {}

  async of(url: string): Promise<Fleet> {
    const existing = this.open.get(url)
    if (existing) return existing
    if (!this.allAtOnce && this.open.size > 0) {
      await this.close()
      this.reopened++
    }
    const fleet = await openFleet(this.tokens, () => url)
    this.open.set(url, fleet)
    // Let the server finish with the connection storm (and any closes before it) before anything is timed.
    await new Promise((resolve) => setTimeout(resolve, 1000))
    return fleet
  }

  closedEarly(): number {
    return this.dropped + [...this.open.values()].reduce((sum, fleet) => sum + fleet.closedEarly(), 0)
  }

  async close(): Promise<void> {
    for (const fleet of this.open.values()) {
      this.dropped += fleet.closedEarly()
      await fleet.close()
    }
    this.open.clear()
  }
}
