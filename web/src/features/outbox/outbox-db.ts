/**
 * The outbox on the device (docs/outbox.md): one IndexedDB database, one object store of items keyed by their
 * Idempotency-Key. Plain IndexedDB, usable from the page and the service worker alike (localStorage is not there in a
 * worker). Every call opens, works and closes, so deleting the database at a logout is never blocked for long by a
 * connection left open; a connection asked to make way (a version change or the deletion) closes at once.
 */
import { isOutboxItem, type OutboxItem } from './outbox-item.ts'
import type { OutboxStorage } from './flush.ts'

export const OUTBOX_DB = 'pyoraapu-outbox'
const VERSION = 1
const ITEMS = 'items'

function idb(): IDBFactory | null {
  return (globalThis as { indexedDB?: IDBFactory }).indexedDB ?? null
}

function promised<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'))
  })
}

function open(factory: IDBFactory): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = factory.open(OUTBOX_DB, VERSION)
    request.onupgradeneeded = () => {
      if (!request.result.objectStoreNames.contains(ITEMS)) request.result.createObjectStore(ITEMS, { keyPath: 'key' })
    }
    request.onsuccess = () => {
      const db = request.result
      db.onversionchange = () => db.close()
      resolve(db)
    }
    request.onerror = () => reject(request.error ?? new Error('Opening the outbox failed'))
    request.onblocked = () => reject(new Error('Opening the outbox was blocked'))
  })
}

/** One transaction over the items; its result once the transaction has committed. */
async function inTransaction<T>(mode: IDBTransactionMode, work: (items: IDBObjectStore) => Promise<T>): Promise<T> {
  const factory = idb()
  if (!factory) throw new Error('IndexedDB is not available')
  const db = await open(factory)
  try {
    const transaction = db.transaction(ITEMS, mode)
    const done = new Promise<void>((resolve, reject) => {
      transaction.oncomplete = () => resolve()
      transaction.onabort = () => reject(transaction.error ?? new Error('The outbox transaction was aborted'))
      transaction.onerror = () => reject(transaction.error ?? new Error('The outbox transaction failed'))
    })
    // Awaited after the work; a failure of the work itself is the one thrown.
    done.catch(() => {})
    const result = await work(transaction.objectStore(ITEMS))
    await done
    return result
  } finally {
    db.close()
  }
}

/** Whether this browser can keep an outbox at all (IndexedDB exists; private modes of old browsers lack it). */
export const outboxAvailable = (): boolean => idb() !== null

/**
 * Whether the database exists, without making it (opening would): the worker's sync after a logout must not leave
 * an empty one behind. Where the browser cannot list databases, it is assumed to exist.
 */
export async function outboxExists(): Promise<boolean> {
  const factory = idb()
  if (!factory) return false
  if (typeof factory.databases !== 'function') return true
  const databases = await factory.databases()
  return databases.some((database) => database.name === OUTBOX_DB)
}

/** Every item on the device, of any user; damaged records are skipped. */
export async function readItems(): Promise<OutboxItem[]> {
  // Reading never makes the database: a user who never needed an outbox has none.
  if (!(await outboxExists())) return []
  const all = await inTransaction('readonly', (items) => promised(items.getAll()))
  return (all as unknown[]).filter(isOutboxItem)
}

export async function putItem(item: OutboxItem): Promise<void> {
  await inTransaction('readwrite', (items) => promised(items.put(item)))
}

export async function deleteItem(key: string): Promise<void> {
  if (!idb()) return
  await inTransaction('readwrite', (items) => promised(items.delete(key)))
}

/** Changes an item in one transaction if it is still there (see OutboxStorage.update). */
export async function updateItem(key: string, change: (item: OutboxItem) => OutboxItem): Promise<OutboxItem | null> {
  return inTransaction('readwrite', async (items) => {
    const held: unknown = await promised(items.get(key))
    if (!isOutboxItem(held)) return null
    const changed = change(held)
    await promised(items.put(changed))
    return changed
  })
}

export const deviceOutbox: OutboxStorage = { all: readItems, update: updateItem, remove: deleteItem }

/**
 * The end of a session: the whole database goes, so nothing of the user stays (the offline tests check that the
 * app leaves no IndexedDB of its own). Resolves once it is deleted; a failure is logged, never thrown.
 */
export async function deleteOutbox(): Promise<void> {
  const factory = idb()
  if (!factory) return
  await new Promise<void>((resolve) => {
    const request = factory.deleteDatabase(OUTBOX_DB)
    request.onsuccess = () => resolve()
    request.onerror = () => {
      console.error('Deleting the outbox failed', request.error)
      resolve()
    }
  })
}
