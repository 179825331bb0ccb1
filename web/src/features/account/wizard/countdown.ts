/** docs/product.md#accounts: resending is blocked for 30 s after the first code, and for 60 s after every resend. */
export const FIRST_RESEND_WAIT = 30
export const LATER_RESEND_WAIT = 60

/**
 * Seconds to wait before the next send, after the `sendNumber`th send (1 = the first code). A longer wait asked
 * by the server wins, so the link never offers a resend that the server would refuse.
 */
export function resendWait(sendNumber: number, serverResendAfter = 0): number {
  const own = sendNumber <= 1 ? FIRST_RESEND_WAIT : LATER_RESEND_WAIT
  return Math.max(own, Math.ceil(serverResendAfter))
}

/** Whole seconds left until `deadlineMs`, never negative: what the resend link shows. */
export function secondsLeft(deadlineMs: number, nowMs: number): number {
  return Math.max(0, Math.ceil((deadlineMs - nowMs) / 1000))
}
