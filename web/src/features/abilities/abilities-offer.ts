/**
 * The step offered right after registering, "What can you help with?" (docs/product.md#abilities): kept per user
 * on this device until answered (saved or skipped), so closing the app first still shows it next time, as the alerts
 * offer is (features/pwa/push/alerts-offer.ts). Storage can throw (private modes): then there is no step, and the
 * settings remain the way to say it.
 */
const keyOf = (userId: number) => `abilitiesOffer:${userId}`

export function offerAbilities(userId: number): void {
  try {
    localStorage.setItem(keyOf(userId), '1')
  } catch {
    // No step; see above.
  }
}

export function abilitiesOffered(userId: number): boolean {
  try {
    return localStorage.getItem(keyOf(userId)) === '1'
  } catch {
    return false
  }
}

export function answerAbilitiesOffer(userId: number): void {
  try {
    localStorage.removeItem(keyOf(userId))
  } catch {
    // Nothing stored to remove.
  }
}
