/**
 * The offer to turn on alerts right after registering (docs/product.md, "Offered after registering"), kept per user on this device until it is
 * answered, so closing the app before answering still shows it next time. Storage can throw (private modes): then
 * there is no offer, and the settings remain the way to turn alerts on.
 */
const keyOf = (userId: number) => `alertsOffer:${userId}`

export function offerAlerts(userId: number): void {
  try {
    localStorage.setItem(keyOf(userId), '1')
  } catch {
    // No offer; see above.
  }
}

export function alertsOffered(userId: number): boolean {
  try {
    return localStorage.getItem(keyOf(userId)) === '1'
  } catch {
    return false
  }
}

export function answerAlertsOffer(userId: number): void {
  try {
    localStorage.removeItem(keyOf(userId))
  } catch {
    // Nothing stored to remove.
  }
}
