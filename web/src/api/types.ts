import type { Language } from '../i18n/language.ts'

/** The user object the server answers with (login, register, protected-route, username, radius, language). */
export interface User {
  user_id: number
  user_name: string
  /** E.164, e.g. +358401234567. */
  phone: string
  /** Kilometers, 1-999. */
  radius: number
  language: Language
  isAdmin?: boolean
}

/** Login and registration answers: the access token (a JWT) and the user. The refresh token is a cookie. */
export interface SessionAnswer {
  token: string
  user: User
}

export interface Coordinates {
  latitude: number
  longitude: number
}

export type VerificationPurpose = 'register' | 'reset'

export interface FirebaseWebConfig {
  apiKey: string
  authDomain: string
  projectId: string
  appId: string
}

/** Where map tiles come from: an {z}/{x}/{y} URL template and the attribution its licence asks for. */
export interface MapConfig {
  tileUrl: string
  attribution: string
}

/** GET /api/config: how phone numbers are verified here, the map's tile source and the web push key. */
export interface ClientConfig {
  phoneVerification: 'local' | 'firebase'
  firebase: FirebaseWebConfig | null
  map: MapConfig
  /** VAPID public key, base64url: the applicationServerKey of push subscriptions. */
  vapidPublicKey: string
  /** The server's SUPPORT_EMAIL: shown on the info page and in the privacy statement. */
  supportEmail: string
}
