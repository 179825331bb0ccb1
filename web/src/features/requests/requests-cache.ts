import type { HelpRequest } from './api.ts'

/**
 * The last request list on this device, so a cyclist offline at the roadside still sees their request and the
 * helper's number (docs/pwa.md). localStorage rather than IndexedDB: it is read synchronously, so the list is in the
 * store before the first render (no spinner for what is already known), and a list of requests is a few hundred
 * kilobytes at most, far below its quota. The token next to it lives there too, so both have the same lifetime.
 */
export const REQUESTS_CACHE_KEY = 'requestsCache'

/** Raised when the stored shape changes (2: requests carry `mayActAbout`): an older copy is then ignored, not misread. */
const CACHE_VERSION = 2

export interface CachedRequests {
  /** Whose list it is: another user's copy is never shown. */
  userId: number
  /** When the server last answered the list (ms since the epoch). */
  loadedAt: number
  requests: HelpRequest[]
}

/** What the cache uses of localStorage; written out, since the unit tests' tsconfig has Node's types, not the DOM's. */
export interface CacheStorage {
  getItem: (key: string) => string | null
  setItem: (key: string, value: string) => void
  removeItem: (key: string) => void
}

// Storage can be missing (Node, some private modes) or throw (blocked cookies): then nothing is kept.
function deviceStorage(): CacheStorage | null {
  try {
    return (globalThis as { localStorage?: CacheStorage }).localStorage ?? null
  } catch {
    return null
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null

/** Validates instead of trusting: storage outlives app versions and can be edited by hand. */
export function parseCachedRequests(json: string | null, userId: number): CachedRequests | null {
  if (!json) return null
  try {
    const value: unknown = JSON.parse(json)
    if (!isObject(value) || value.version !== CACHE_VERSION || value.userId !== userId) return null
    const { loadedAt, requests } = value
    if (typeof loadedAt !== 'number' || !Array.isArray(requests)) return null
    if (!requests.every((r) => isObject(r) && typeof r.request_id === 'number')) return null
    return { userId, loadedAt, requests: requests as HelpRequest[] }
  } catch {
    return null
  }
}

export function readCachedRequests(userId: number, storage = deviceStorage()): CachedRequests | null {
  try {
    return parseCachedRequests(storage?.getItem(REQUESTS_CACHE_KEY) ?? null, userId)
  } catch {
    return null
  }
}

export function saveCachedRequests(cache: CachedRequests, storage = deviceStorage()): void {
  try {
    storage?.setItem(REQUESTS_CACHE_KEY, JSON.stringify({ version: CACHE_VERSION, ...cache }))
  } catch {
    // Full or blocked: the list is simply not there offline.
  }
}

export function clearCachedRequests(storage = deviceStorage()): void {
  try {
    storage?.removeItem(REQUESTS_CACHE_KEY)
  } catch {
    // Nothing could have been saved either.
  }
}
