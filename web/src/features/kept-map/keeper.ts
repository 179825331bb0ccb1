import type { AreaAnswer } from '#server/schemas/map-area.ts'
import { areaTiles, tileUrl, type Centre } from '#server/tiles/area.ts'
import { KEPT_MAP_CACHE, keepingUrl } from './kept-cache.ts'
import { forgetKept, readKept, saveKept, type KeptMap } from './kept-record.ts'

/**
 * "Keep the map of this area on this phone" (docs/pwa.md, "The kept map"): the page downloads every basemap tile of
 * the area into the Cache API cache the service worker answers tiles from first. One keeping at a time, for the
 * whole app: closing the settings does not stop it, Cancel does.
 */

export type KeepFailure = 'offline' | 'storage' | 'failed'

export type KeeperState =
  | { phase: 'idle'; kept: KeptMap | null; failure: KeepFailure | null }
  /** Asking the server what the area weighs. */
  | { phase: 'sizing'; kept: KeptMap | null }
  /** Downloading: bytes so far of the estimated total. */
  | { phase: 'keeping'; kept: KeptMap | null; done: number; total: number }

/** Tiles fetched at a time: enough to fill a phone's connection, few enough to leave the server to others. */
const PARALLEL = 6

let state: KeeperState = { phase: 'idle', kept: readKept(), failure: null }
let running: AbortController | null = null
const listeners = new Set<() => void>()

function set(next: KeeperState) {
  state = next
  for (const listener of listeners) listener()
}

export const keeperState = () => state

export function subscribeKeeper(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export interface KeepRequest {
  centre: Centre
  radius: number
  /** The map's tile URL template from /api/config (`/tiles/{z}/{x}/{y}.mvt?v=…`). */
  template: string
}

async function areaSize({ centre, radius }: KeepRequest, signal: AbortSignal): Promise<AreaAnswer> {
  const query = new URLSearchParams({
    latitude: centre.latitude.toFixed(5),
    longitude: centre.longitude.toFixed(5),
    radius: String(radius),
  })
  const response = await fetch(`/tiles/area?${query}`, { signal, credentials: 'omit' })
  if (!response.ok) throw new Error(`GET /tiles/area answered ${response.status}`)
  return (await response.json()) as AreaAnswer
}

/** A tile's download size: the archive's gzip bytes the server sends (Content-Length), as the estimate counts them. */
async function downloadSize(response: Response): Promise<number> {
  const length = Number(response.headers.get('content-length'))
  if (Number.isFinite(length) && length > 0) return length
  return response.status === 204 ? 0 : (await response.clone().arrayBuffer()).byteLength
}

/** Asks the browser not to evict this site's storage; false where it refuses or cannot. */
async function askPersistence(): Promise<boolean> {
  try {
    return (await navigator.storage?.persist?.()) ?? false
  } catch {
    return false
  }
}

/**
 * Keeps the area (or keeps it again: Update). The old kept map stays usable until the new one is whole; then the
 * tiles no longer in the area (another place, an older archive) are deleted. Cancel leaves an earlier kept map as
 * it was and deletes a first one's partial tiles.
 */
export async function keepArea(request: KeepRequest): Promise<void> {
  if (running) return
  const controller = new AbortController()
  running = controller
  const { signal } = controller
  const kept = state.kept
  set({ phase: 'sizing', kept })
  try {
    const size = await areaSize(request, signal)
    const persisted = await askPersistence()
    signal.throwIfAborted()
    const tiles = areaTiles(request.centre, request.radius, size.minZoom, size.maxZoom)
    const urls = tiles.map((tile) => new URL(tileUrl(request.template, tile), location.origin).href)
    const cache = await caches.open(KEPT_MAP_CACHE)
    let done = 0
    set({ phase: 'keeping', kept, done, total: size.bytes })
    let next = 0
    const worker = async () => {
      while (next < urls.length) {
        const url = urls[next++]!
        const response = await fetch(keepingUrl(url), { cache: 'no-store', credentials: 'omit', signal })
        if (response.status !== 200 && response.status !== 204) throw new Error(`${url} answered ${response.status}`)
        const bytes = await downloadSize(response)
        await cache.put(url, response)
        if (signal.aborted) return
        done += bytes
        set({ phase: 'keeping', kept, done, total: Math.max(size.bytes, done) })
      }
    }
    const workers = Array.from({ length: Math.min(PARALLEL, urls.length) }, worker)
    try {
      await Promise.all(workers)
    } catch (error) {
      // One failed: the others stop too, and are done before anything is cleaned up.
      controller.abort()
      await Promise.allSettled(workers)
      throw error
    }
    signal.throwIfAborted()
    const wanted = new Set(urls)
    for (const old of await cache.keys()) if (!wanted.has(old.url)) await cache.delete(old)
    const record: KeptMap = {
      version: size.version,
      latitude: request.centre.latitude,
      longitude: request.centre.longitude,
      radius: request.radius,
      tiles: urls.length,
      bytes: done,
      keptAt: Date.now(),
      persisted,
    }
    saveKept(record)
    set({ phase: 'idle', kept: record, failure: null })
  } catch (error) {
    const cancelled = signal.aborted && (error as Error | null)?.name === 'AbortError'
    if (!cancelled) console.warn('Keeping the map of the area failed', error)
    if (!kept) await caches.delete(KEPT_MAP_CACHE)
    const failure: KeepFailure | null = cancelled
      ? null
      : !navigator.onLine || error instanceof TypeError
        ? 'offline'
        : error instanceof DOMException && error.name === 'QuotaExceededError'
          ? 'storage'
          : 'failed'
    set({ phase: 'idle', kept, failure })
  } finally {
    running = null
  }
}

export function cancelKeeping(): void {
  running?.abort()
}

/** Remove: the tiles and the record go. Not while keeping (Cancel first). */
export async function removeKept(): Promise<void> {
  if (running) return
  await caches.delete(KEPT_MAP_CACHE)
  forgetKept()
  set({ phase: 'idle', kept: null, failure: null })
}
