/**
 * What the user is writing (the new request, a message), kept on the device as it is typed, per user: a reload (into
 * a new release, docs/pwa.md) or a closed app loses nothing. localStorage, since a phone may end the app while it is
 * in the background; every end of a session deletes the drafts with the other personal data kept on the device.
 */
const PREFIX = 'draft:'

/** Where `userId`'s draft called `name` is kept. */
export const draftKey = (userId: number, name: string) => `${PREFIX}${userId}:${name}`

export function readDraft<T>(key: string): T | null {
  try {
    const stored = localStorage.getItem(key)
    return stored === null ? null : (JSON.parse(stored) as T)
  } catch {
    return null
  }
}

/** Keeps `value` as the draft under `key`; null deletes it. */
export function writeDraft(key: string, value: unknown): void {
  try {
    if (value === null) localStorage.removeItem(key)
    else localStorage.setItem(key, JSON.stringify(value))
  } catch {
    // Storage full or refused (private modes): the draft lives in memory only.
  }
}

/** Deletes every user's drafts (an end of a session). */
export function clearDrafts(): void {
  try {
    for (const key of Object.keys(localStorage)) if (key.startsWith(PREFIX)) localStorage.removeItem(key)
  } catch {
    // Nothing could be stored either.
  }
}
