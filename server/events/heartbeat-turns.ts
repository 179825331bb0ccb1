/** How often each socket is pinged (and its token checked): a dead peer is dropped within two of these. */
export const HEARTBEAT_MS = 30_000
/** A heartbeat visits one of this many turns of the sockets. */
export const HEARTBEAT_TURNS = 10

/**
 * The sockets in turns for the heartbeat: each heartbeat visits one turn, so every socket is visited once per `count`
 * heartbeats. Pinging 10k sockets at once blocked the event loop for 130-200 ms every 30 s, and any event sent
 * meanwhile waited that long (docs/performance.md, "Pings in turns"); in ten turns it is ten short visits.
 */
export class HeartbeatTurns<T> {
  private readonly turns: Array<Set<T>>
  private readonly turnOf = new Map<T, Set<T>>()
  private added = 0
  private next = 0

  constructor(readonly count: number) {
    if (!(Number.isInteger(count) && count > 0)) throw new Error(`heartbeat turns: ${count} is not a positive integer`)
    this.turns = Array.from({ length: count }, () => new Set<T>())
  }

  /** Files an item in the turns in rotation, which keeps them within one item of each other as items come. */
  add(item: T): void {
    if (this.turnOf.has(item)) return
    const turn = this.turns[this.added++ % this.count]!
    turn.add(item)
    this.turnOf.set(item, turn)
  }

  remove(item: T): void {
    this.turnOf.get(item)?.delete(item)
    this.turnOf.delete(item)
  }

  /** The next turn's items. An item may be removed while they are iterated (a Set allows it). */
  nextTurn(): ReadonlySet<T> {
    const turn = this.turns[this.next]!
    this.next = (this.next + 1) % this.count
    return turn
  }
}
