/**
 * The take-over budget's pause as this device keeps it (take-over-pause.ts), per user, across reloads. Storage can
 * throw (private modes): the pause then lasts until a reload.
 */
const keyOf = (userId: number) => `takeOverPausedUntil:${userId}`

export function storedTakeOverPause(userId: number): number | null {
  try {
    const until = Number(localStorage.getItem(keyOf(userId)))
    return Number.isFinite(until) && until > 0 ? until : null
  } catch {
    return null
  }
}

export function storeTakeOverPause(userId: number, until: number): void {
  try {
    localStorage.setItem(keyOf(userId), String(until))
  } catch {
    // Held in memory only; see above.
  }
}
