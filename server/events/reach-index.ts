import type { Point } from '../domain/shared/distance.ts'
import { isRecipient, type ChangedRequest, type Listener } from './recipients.ts'

/** distanceKm's earth (12742 km diameter: docs/product.md#help-requests). */
const EARTH_RADIUS_KM = 6371
const DEG = 180 / Math.PI
/** Near the poles even a small reach spans many longitudes: past this many cells it is checked one by one. */
const MAX_CELLS = 64

/**
 * A grid of latitude × longitude cells holding each item in every cell its reach can touch, so that the cell of a
 * request's point holds every item that may see it, and few that cannot.
 */
class Grid<T> {
  readonly cells = new Map<number, Set<T>>()
  private readonly latCells: number
  private readonly lonCells: number

  constructor(
    private readonly cellLat: number,
    private readonly cellLon: number,
    /** Wider reaches go to a coarser grid: here they would touch too many cells. */
    readonly maxReachKm: number,
  ) {
    this.latCells = Math.round(180 / cellLat)
    this.lonCells = Math.round(360 / cellLon)
  }

  private latIndex(latitude: number): number {
    return Math.min(this.latCells - 1, Math.max(0, Math.floor((latitude + 90) / this.cellLat)))
  }

  private key(latIndex: number, lonIndex: number): number {
    return latIndex * this.lonCells + (((lonIndex % this.lonCells) + this.lonCells) % this.lonCells)
  }

  cellOf(place: Point): number {
    return this.key(this.latIndex(place.latitude), Math.floor((place.longitude + 180) / this.cellLon))
  }

  /**
   * The cells a reach can touch: the bounding box of its spherical cap, a little wider than exact so that rounding
   * never leaves out a point the haversine check would accept. Null when too many (or the cap holds a pole).
   */
  covered(place: Point, radiusKm: number): number[] | null {
    if (radiusKm > this.maxReachKm) return null
    const angle = (radiusKm / EARTH_RADIUS_KM) * (1 + 1e-6) + 1e-9
    const latMin = place.latitude - angle * DEG
    const latMax = place.latitude + angle * DEG
    if (latMin <= -90 || latMax >= 90) return null
    const sine = Math.sin(angle) / Math.cos(place.latitude / DEG)
    if (sine >= 1) return null
    const lonHalf = Math.asin(sine) * DEG
    const firstLon = Math.floor((place.longitude - lonHalf + 180) / this.cellLon)
    const lastLon = Math.floor((place.longitude + lonHalf + 180) / this.cellLon)
    const firstLat = this.latIndex(latMin)
    const lastLat = this.latIndex(latMax)
    if ((lastLat - firstLat + 1) * (lastLon - firstLon + 1) > MAX_CELLS) return null
    const cells: number[] = []
    for (let lat = firstLat; lat <= lastLat; lat++)
      for (let lon = firstLon; lon <= lastLon; lon++) cells.push(this.key(lat, lon))
    return cells
  }
}

export interface Indexed {
  user: Listener
}

/** Where an item was filed, by the user it had then (its `user` may be replaced before it is moved). */
interface Filed<T> {
  userId: number
  group: Set<T> | null
  grid: Grid<T> | null
  cells: number[]
}

/**
 * The connected clients filed so that a change finds its recipients without visiting every socket: by user id;
 * admins, and clients without a location, in their own sets; every other client in the grid cells its reach
 * covers (a fine grid for the usual reaches, a coarse one for wider ones), so the cell of a request's point holds
 * every client near enough to maybe see it; the widest reaches (up to 999 km) in a list checked one by one. The index only chooses whom to look at: `isRecipient` still decides for each.
 */
export class ReachIndex<T extends Indexed> {
  readonly all = new Set<T>()
  private readonly byUser = new Map<number, Set<T>>()
  private readonly admins = new Set<T>()
  private readonly nowhere = new Set<T>()
  private readonly wide = new Set<T>()
  /**
   * Reaches up to 30 km in cells of 0.1° × 0.2° (about 11 × 11 km in Finland: a 10 km reach touches four to nine),
   * up to 300 km in cells of 1° × 2°; wider ones in `wide`, checked one by one.
   */
  private readonly grids = [new Grid<T>(0.1, 0.2, 30), new Grid<T>(1, 2, 300)]
  private readonly filed = new Map<T, Filed<T>>()

  add(item: T): void {
    if (this.all.has(item)) return this.moved(item)
    const user = item.user
    this.all.add(item)
    addTo(this.byUser, user.user_id, item)
    let group: Set<T> | null = null
    let grid: Grid<T> | null = null
    let cells: number[] = []
    if (user.is_admin) group = this.admins
    else if (user.latitude === null || user.longitude === null) group = this.nowhere
    else {
      const place = { latitude: user.latitude, longitude: user.longitude }
      for (const candidate of this.grids) {
        const covered = candidate.covered(place, user.radius)
        if (covered) {
          grid = candidate
          cells = covered
          break
        }
      }
      if (!grid) group = this.wide
    }
    group?.add(item)
    for (const cell of cells) addTo(grid!.cells, cell, item)
    this.filed.set(item, { userId: user.user_id, group, grid, cells })
  }

  remove(item: T): void {
    const filed = this.filed.get(item)
    if (!filed) return
    this.filed.delete(item)
    this.all.delete(item)
    removeFrom(this.byUser, filed.userId, item)
    filed.group?.delete(item)
    for (const cell of filed.cells) removeFrom(filed.grid!.cells, cell, item)
  }

  /** Files the item again after its user changed (location, radius, role, or another user's token). */
  moved(item: T): void {
    this.remove(item)
    this.add(item)
  }

  ofUser(userId: number): ReadonlySet<T> {
    return this.byUser.get(userId) ?? EMPTY
  }

  /** Every item for which `isRecipient(request, item.user, previousHelperId)` holds, each once. */
  forEachRecipient(request: ChangedRequest, previousHelperId: number | null, visit: (item: T) => void): void {
    const check = (item: T) => {
      if (isRecipient(request, item.user, previousHelperId)) visit(item)
    }
    if (request.latitude === null || request.longitude === null) return this.all.forEach(check)
    const { owner_id: owner, responder_id: helper } = request
    const participant = (id: number) => id === owner || id === helper || id === previousHelperId
    for (const id of new Set([owner, helper, previousHelperId])) if (id !== null) this.byUser.get(id)?.forEach(check)
    const others = (item: T) => {
      if (!participant(item.user.user_id)) check(item)
    }
    this.admins.forEach(others)
    if (request.is_test) return
    this.nowhere.forEach(others)
    this.wide.forEach(others)
    const place = { latitude: request.latitude, longitude: request.longitude }
    for (const grid of this.grids) grid.cells.get(grid.cellOf(place))?.forEach(others)
  }

  /**
   * Non-admin items with a location whose reach may cover the place (a superset: check with isWithinRadius): for
   * telling those who can no longer see a request that moved away.
   */
  forEachNear(place: Point, visit: (item: T) => void): void {
    this.wide.forEach(visit)
    for (const grid of this.grids) grid.cells.get(grid.cellOf(place))?.forEach(visit)
  }

  /** The admins' items: who hears of the moderation queue (`reports.changed`). */
  forEachAdmin(visit: (item: T) => void): void {
    this.admins.forEach(visit)
  }

  /** The items of the request's owner, and admins: who sees its view count (requestFor's `views`). */
  forEachViewCounter(request: ChangedRequest, visit: (item: T) => void): void {
    this.admins.forEach(visit)
    this.byUser.get(request.owner_id)?.forEach((item) => {
      if (!item.user.is_admin && isRecipient(request, item.user)) visit(item)
    })
  }
}

const EMPTY: ReadonlySet<never> = new Set()

function addTo<K, T>(map: Map<K, Set<T>>, key: K, item: T): void {
  const set = map.get(key)
  if (set) set.add(item)
  else map.set(key, new Set([item]))
}

function removeFrom<K, T>(map: Map<K, Set<T>>, key: K, item: T): void {
  const set = map.get(key)
  if (!set) return
  set.delete(item)
  if (set.size === 0) map.delete(key)
}
