// The server's answers, typed by its own schemas (types only: nothing of the server reaches the bundle).
export type { ClientConfig, FirebaseWebConfig, MapConfig } from '#server/schemas/config.ts'
export type { PublicUser as User, SessionAnswer } from '#server/schemas/user.ts'
export type { Purpose as VerificationPurpose } from '#server/domain/accounts/phone-validation.ts'

/** A point the browser knows: the user's position or a request's location. */
export interface Coordinates {
  latitude: number
  longitude: number
}
