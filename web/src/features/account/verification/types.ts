import type { VerificationPurpose } from '#shared/api/types.ts'

/**
 * Proving that the user holds a phone (docs/product.md#accounts: an SMS code is sent and the confirmed code yields an idToken).
 * The wizards use only this interface; which implementation runs is the server's choice (GET /api/config).
 * Failures throw an ApiError or a KeyedError, which `messageKeyOf` turns into the text to show.
 */
export interface PhoneVerifier {
  /** Sends a code to `phone` (E.164). Resolves the seconds the server asks to wait before another send. */
  send(phone: string, purpose: VerificationPurpose): Promise<{ resendAfter: number }>
  /** Checks the six-digit code; resolves the idToken that registration or the password reset presents. */
  verify(phone: string, code: string): Promise<string>
}
