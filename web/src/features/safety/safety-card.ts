/**
 * Whether this user has seen the safety card before asking for help (`ask`) or before taking a request over (`help`)
 * on this device (docs/safety.md, "Before the first meeting"). Storage can throw (private modes): the card then
 * shows each time, which errs on the safe side.
 */
export type SafetyMoment = 'ask' | 'help'

const keyOf = (userId: number, moment: SafetyMoment) => `safetyCard:${userId}:${moment}`

export function safetyCardSeen(userId: number, moment: SafetyMoment): boolean {
  try {
    return localStorage.getItem(keyOf(userId, moment)) === '1'
  } catch {
    return false
  }
}

export function markSafetyCardSeen(userId: number, moment: SafetyMoment): void {
  try {
    localStorage.setItem(keyOf(userId, moment), '1')
  } catch {
    // Shown again next time; see above.
  }
}
