/**
 * Which requests the helper shares their position on, kept on the device (localStorage key `sharing:<user id>`), so a
 * reload (into a new release, "Try again", a phone that closed the app in the background) resumes "on my way" instead
 * of stopping it silently while the owner reads "last seen 4 min ago" (resume-sharing.ts). Every end of a session
 * deletes it, with the other personal data kept on the device (docs/pwa.md).
 */
const PREFIX = 'sharing:'

export const sharingKey = (userId: number) => `${PREFIX}${userId}`

/** What this uses of localStorage; written out, since the unit tests' tsconfig has Node's types, not the DOM's. */
export interface SharingStorage {
  getItem: (key: string) => string | null
  setItem: (key: string, value: string) => void
  removeItem: (key: string) => void
}

// Storage can be missing (Node, some private modes) or throw (blocked cookies): then nothing is kept.
function deviceStorage(): SharingStorage | null {
  try {
    return (globalThis as { localStorage?: SharingStorage }).localStorage ?? null
  } catch {
    return null
  }
}

/** The request ids `userId` shared on when the app was last open; [] when none or unreadable. */
export function readSharingOnDevice(userId: number, storage = deviceStorage()): number[] {
  try {
    const stored: unknown = JSON.parse(storage?.getItem(sharingKey(userId)) ?? '[]')
    return Array.isArray(stored) ? stored.filter((id): id is number => Number.isSafeInteger(id)) : []
  } catch {
    return []
  }
}

/** Keeps `requestIds` as what `userId` shares on; none deletes the key. */
export function writeSharingOnDevice(userId: number, requestIds: readonly number[], storage = deviceStorage()): void {
  try {
    if (requestIds.length === 0) storage?.removeItem(sharingKey(userId))
    else storage?.setItem(sharingKey(userId), JSON.stringify([...requestIds].sort((a, b) => a - b)))
  } catch {
    // Storage full or refused (private modes): sharing simply does not survive a reload, as before.
  }
}

/** Deletes every user's (an end of a session). */
export function clearSharingOnDevice(): void {
  try {
    for (const key of Object.keys(localStorage)) if (key.startsWith(PREFIX)) localStorage.removeItem(key)
  } catch {
    // Nothing could be stored either.
  }
}
