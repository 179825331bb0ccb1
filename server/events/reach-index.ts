import type { Point } from '../domain/distance.ts'
import { isRecipient, type ChangedRequest, type Listener } from './recipients.ts'

/** Reaches wider than this are checked one by one: in cells, each would cover dozens of them. */
export const WIDE_REACH_KM = 30
/**
 * Cells of 0.1° × 0.2°: about 11 × 11 km in Finland. A 10 km reach covers four to nine of them, and a request's
 * cell holds about three clients for each one whose reach really covers the request (in a dense city).
 */
const CELL_LAT = 0.1
const CELL_LON = 0.2
const LAT_CELLS = 180 / CELL_LAT
const LON_CELLS = 360 / CELL_LON
/** Near the poles even a small reach spans many longitudes: past this many cells it is checked one by one too. */
const MAX_CELLS = 64
/** distanceKm's earth (SPEC 9: 12742 km diameter). */
const EARTH_RADIUS_KM = 6371
const DEG = 180 / Math.PI

const latIndex = (latitude: number) => Math.min(LAT_CELLS - 1, Math.max(0, Math.floor((latitude + 90) / CELL_LAT)))
const lonIndex = (longitude: number) => ((Math.floor((longitude + 180) / CELL_LON) % LON_CELLS) + LON_CELLS) % LON_CELLS
const cellOf = (latitude: number, longitude: number) => latIndex(latitude) * LON_CELLS + lonIndex(longitude)

/**
 * The cells a reach can touch: the bounding box of its spherical cap, a little wider than exact so that rounding
 * never leaves out a point the haversine check would accept. Null when that is too many (or the cap holds a pole).
 */
function cellsCovered(latitude: number, longitude: number, radiusKm: number): number[] | null {
  const angle = (radiusKm / EARTH_RADIUS_KM) * (1 + 1e-6) + 1e-9
  const latMin = latitude - angle * DEG
  const latMax = latitude + angle * DEG
  if (latMin <= -90 || latMax >= 90) return null
  const sine = Math.sin(angle) / Math.cos(latitude / DEG)
  if (sine >= 1) return null
  const lonHalf = Math.asin(sine) * DEG
  const firstLon = Math.floor((longitude - lonHalf + 180) / CELL_LON)
  const lastLon = Math.floor((longitude + lonHalf + 180) / CELL_LON)
  const firstLat = latIndex(latMin)
  const lastLat = latIndex(latMax)
  if ((lastLat - firstLat + 1) * (lastLon - firstLon + 1) > MAX_CELLS) return null
  const cells: number[] = []
  for (let lat = firstLat; lat <= lastLat; lat++)
    for (let lon = firstLon; lon <= lastLon; lon++)
      cells.push(lat * LON_CELLS + (((lon % LON_CELLS) + LON_CELLS) % LON_CELLS))
  return cells
}

export interface Indexed {
  user: Listener
}

/** Where an item was filed, by the user it had then (its `user` may be replaced before it is moved). */
interface Filed {
  userId: number
  group: Set<unknown> | null
  cells: number[]
}

/**
 * The connected clients filed so that a change finds its recipients without visiting every socket: by user id;
 * admins, and clients without a location, in their own sets; wide reaches in a list checked one by one; every
 * other client in the grid cells its reach covers, so the cell of a request's point holds every client near
 * enough to maybe see it. The index only chooses whom to look at: `isRecipient` still decides for each.
 */
export class ReachIndex<T extends Indexed> {
  readonly all = new Set<T>()
  private readonly byUser = new Map<number, Set<T>>()
  private readonly admins = new Set<T>()
  private readonly nowhere = new Set<T>()
  private readonly wide = new Set<T>()
  private readonly cells = new Map<number, Set<T>>()
  private readonly filed = new Map<T, Filed>()

  add(item: T): void {
    if (this.all.has(item)) return this.moved(item)
    const user = item.user
    this.all.add(item)
    addTo(this.byUser, user.user_id, item)
    let group: Set<T> | null = null
    let cells: number[] = []
    if (user.is_admin) group = this.admins
    else if (user.latitude === null || user.longitude === null) group = this.nowhere
    else {
      const covered = user.radius > WIDE_REACH_KM ? null : cellsCovered(user.latitude, user.longitude, user.radius)
      if (covered === null) group = this.wide
      else cells = covered
    }
    group?.add(item)
    for (const cell of cells) addTo(this.cells, cell, item)
    this.filed.set(item, { userId: user.user_id, group, cells })
  }

  remove(item: T): void {
    const filed = this.filed.get(item)
    if (!filed) return
    this.filed.delete(item)
    this.all.delete(item)
    removeFrom(this.byUser, filed.userId, item)
    filed.group?.delete(item)
    for (const cell of filed.cells) removeFrom(this.cells, cell, item)
  }

  /** Files the item again after its user changed (location, radius, role, or another user's token). */
  moved(item: T): void {
    this.remove(item)
    this.add(item)
  }

  ofUser(userId: number): ReadonlySet<T> {
    return this.byUser.get(userId) ?? EMPTY
  }

  /** Every item for which `isRecipient(request, item.user, previousResponderId)` holds, each once. */
  forEachRecipient(request: ChangedRequest, previousResponderId: number | null, visit: (item: T) => void): void {
    const check = (item: T) => {
      if (isRecipient(request, item.user, previousResponderId)) visit(item)
    }
    if (request.latitude === null || request.longitude === null) return this.all.forEach(check)
    const { owner_id: owner, responder_id: responder } = request
    const participant = (id: number) => id === owner || id === responder || id === previousResponderId
    for (const id of new Set([owner, responder, previousResponderId]))
      if (id !== null) this.byUser.get(id)?.forEach(check)
    const others = (item: T) => {
      if (!participant(item.user.user_id)) check(item)
    }
    this.admins.forEach(others)
    if (request.is_test) return
    this.nowhere.forEach(others)
    this.wide.forEach(others)
    this.cells.get(cellOf(request.latitude, request.longitude))?.forEach(others)
  }

  /**
   * Non-admin items with a location whose reach may cover the place (a superset: check with isWithinRadius): for
   * telling those who can no longer see a request that moved away.
   */
  forEachNear(place: Point, visit: (item: T) => void): void {
    this.wide.forEach(visit)
    this.cells.get(cellOf(place.latitude, place.longitude))?.forEach(visit)
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
