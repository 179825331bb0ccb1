/**
 * Whether the browser may evict the kept map: it did not promise to keep this site's storage
 * (navigator.storage.persist() refused, as most do for a site that is not installed), or little space is left.
 */
export type StorageRisk = 'notpersisted' | 'lowstorage' | null

/** Below this much free quota, or above this share used, the phone is short of space. */
const LOW_FREE_BYTES = 100e6
const HIGH_SHARE_USED = 0.8

export async function storageRisk(): Promise<StorageRisk> {
  const storage = navigator.storage as StorageManager | undefined
  try {
    const estimate = await storage?.estimate?.()
    if (estimate?.quota && estimate.usage !== undefined) {
      const free = estimate.quota - estimate.usage
      if (free < LOW_FREE_BYTES || estimate.usage / estimate.quota > HIGH_SHARE_USED) return 'lowstorage'
    }
    return (await storage?.persisted?.()) ? null : 'notpersisted'
  } catch {
    return 'notpersisted'
  }
}
